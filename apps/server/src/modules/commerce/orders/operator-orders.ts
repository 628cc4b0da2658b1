import { PayMethod, type endpoints, type OfflinePayAuditAction, type ParsedBodyOf } from '@app/contract';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { mapPage } from '../../../platform/db/paged.js';
import { badRequest, conflict } from '../../../platform/errors.js';
import { toOrder } from '../commerce.mappers.js';
import { refundGoldPlan } from './fulfilment.js';
import { reverseReferralReward } from '../referral/referral.service.js';
import type { OrderParts } from './order-parts.js';

/** Operators' view of the orders and their decisions on offline transfers. */
export const createOfflineOrderDecisions = (parts: OrderParts) => {
  const { store, clock, repo, fulfilment } = parts;
  const { tellBuyer, closeInTx, expireDue, findOrder } = parts.steps;
  return {
    /** Operators: the tenant's orders, newest first, each with its owner. */
    async adminPage({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.orderAdminPage>) {
      await expireDue({ tenantId });
      return mapPage(await repo.page(tenantId, null, q), (rows) =>
        rows.map((r) => ({ ...toOrder(r), userId: r.userId })),
      );
    },

    /** Operator: a pending offline order whose transfer never came is canceled with a reason. */
    async rejectOffline(actor: Actor, orderId: number, reason: string) {
      const row = await findOrder(actor.tenantId, { id: orderId });
      if (row.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
      const canceled = await store.transaction(async ({ orders }, tx) => {
        const [order] = await closeInTx(orders, 'canceled', clock.now(), { orderId: row.id });
        if (!order) return null;
        await orders.update(order.id, { remark: reason });
        await writeAudit(tx, actor, {
          action: 'order.reject_offline' satisfies OfflinePayAuditAction,
          targetType: 'order',
          targetId: order.orderNo,
          before: { state: 'pending' },
          after: { state: 'canceled' },
          reason,
        });
        return tellBuyer(
          tx,
          order,
          { title: 'console_offline_title', content: 'console_offline_rejected' },
          { orderNo: order.orderNo, reason },
        );
      });
      if (!canceled) throw conflict('order_not_pending');
      await canceled();
      return findOrder(actor.tenantId, { id: row.id });
    },

    /** Operator: a pending offline order's transfer arrived. */
    async confirmOffline(actor: Actor, orderId: number, remark?: string) {
      const tenantId = actor.tenantId;
      const row = await findOrder(tenantId, { id: orderId });
      if (row.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
      const now = clock.now();
      const paid = await store.transaction(async ({ orders }, tx) => {
        const order = await fulfilment.payInTx(tx, row.id, now, { from: ['pending'], checkExpiry: true });
        if (order && remark) await orders.update(order.id, { remark });
        if (!order) return null;
        await writeAudit(tx, actor, {
          action: 'order.confirm_offline' satisfies OfflinePayAuditAction,
          targetType: 'order',
          targetId: order.orderNo,
          before: { state: 'pending' },
          after: { state: 'paid', gold: order.gold, vipDays: order.vipDays, remark: remark ?? null },
          reason: remark ?? null,
        });
        return {
          order,
          tell: await tellBuyer(
            tx,
            order,
            { title: 'console_offline_title', content: 'console_offline_confirmed' },
            { orderNo: order.orderNo },
          ),
        };
      });
      if (!paid) {
        await expireDue({ tenantId, orderId: row.id });
        const current = await findOrder(tenantId, { id: row.id });
        throw conflict(current.state === 'expired' ? 'order_expired' : 'order_not_pending');
      }
      fulfilment.pushPaid(paid.order);
      await paid.tell();
      return toOrder(await findOrder(tenantId, { id: row.id }));
    },
  };
};

/** Operators' refunds of paid orders: what a refund would do, and the refund. */
export const createOrderRefunds = (parts: OrderParts) => {
  const { store, clock, repo, fulfilment } = parts;
  const { tellBuyer, findOrder } = parts.steps;
  return {
    /**
     * Operator: what refunding a paid order would do now: the gold to take back, the user's balance, the part
     * that can be taken back and the shortfall (gold already spent), and the gold paid that comes back.
     */
    async refundPreview({ tenantId }: Actor, orderId: number) {
      const row = await findOrder(tenantId, { id: orderId });
      if (row.state !== 'paid') throw conflict('order_not_paid');
      const balance = (await repo.memberGold(tenantId, row.userId)) ?? 0;
      return { orderId: row.id, orderNo: row.orderNo, vipDays: row.vipDays, ...refundGoldPlan(row, balance) };
    },

    /**
     * Operator: refunds a paid order. Gold paid from the balance comes back; granted gold is taken back as far
     * as the balance allows, and only with the operator's consent when that falls short (`acceptShortfall`, the
     * shortfall the preview showed; a larger one is refused with the amounts); granted VIP days are taken off
     * the expiry. Money paid through WeChat/Alipay is returned by the operator in the merchant console (this
     * marks the order and reverses the grants). The ledger rows, the order and the audit row (with the gold
     * taken back and the shortfall) change in one transaction.
     */
    async refund(actor: Actor, orderId: number, remark?: string, acceptShortfall = 0) {
      const tenantId = actor.tenantId;
      const row = await findOrder(tenantId, { id: orderId });
      const now = clock.now();
      const refunded = await store.transaction(async ({ orders, referrals }, tx) => {
        const order = await orders.markRefunded(row.id, now, remark);
        if (!order) return null;
        const plan = await fulfilment.reverseInTx(tx, order, now, acceptShortfall);
        const referral = await reverseReferralReward(tx, { orders, referrals }, order, now);
        await writeAudit(tx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: order.orderNo,
          before: { state: 'paid', balance: plan.balance },
          after: {
            state: 'refunded',
            gold: order.gold,
            goldTakenBack: plan.takeBack,
            shortfall: plan.shortfall,
            vipDays: order.vipDays,
            goldCost: order.goldCost,
            ...(referral
              ? { referralGoldTakenBack: referral.takenBack, referralShortfall: referral.shortfall }
              : {}),
          },
          reason: remark ?? null,
        });
        const tell = await tellBuyer(
          tx,
          order,
          {
            title: 'console_order_refunded_title',
            content: remark ? 'console_order_refunded' : 'console_order_refunded_plain',
          },
          { orderNo: order.orderNo, reason: remark ?? '' },
        );
        return { order, tell };
      });
      if (!refunded) throw conflict('order_not_paid');
      await refunded.tell();
      return toOrder(refunded.order);
    },
  };
};
