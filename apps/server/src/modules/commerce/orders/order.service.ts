import { randomInt } from 'node:crypto';
import {
  ObtainMethod,
  PayMethod,
  type endpoints,
  type Order,
  type ParsedBodyOf,
  type PayParams,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { decisionNoticeInTx, type NoticeInTx } from '../../../platform/notify.js';
import '../decision.messages.js';
import '../commerce.messages.js';
import type { Config } from '../../../config.js';
import { shanghaiDate, type Clock } from '../../../platform/clock.js';
import { writeAudit, type Actor } from '../../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { mapPage } from '../../../platform/db/paged.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.js';
import type { Hub } from '../../../platform/hub/hub.js';
import { beijingTime } from '../../../platform/pay/keys.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { toOrder, type OrderRow } from '../commerce.mappers.js';
import type { PayGateways } from '../../../platform/pay/gateways.js';
import { bindReferral } from '../referral/referral.service.js';
import { isUniqueViolation } from '../../../platform/db/sql.js';
import { createOrderRepository } from './order.repository.js';
import { createOrderQuote } from './quote.js';
import { createOrderPayment, type PaidNotice } from './payment.js';
import { createOrderFulfilment, refundGoldPlan } from './fulfilment.js';

export type { PaidNotice } from './payment.js';

/** Offline orders wait for a person to confirm a transfer: a day, not the online timeout. */
const OFFLINE_TIMEOUT_MS = 86_400_000;

/** P + Beijing time to the second + 6 random digits: 21 characters, unique by index (out_trade_no). */
const newOrderNo = (now: Date) =>
  `P${beijingTime(now, 'plain').replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;

export type NoticeOutcome = 'credited' | 'duplicate' | 'unknown_order' | 'mismatch';

/**
 * An order's life: created at a price (quote), paid through a provider, gold or offline (payment), granted
 * once paid and taken back when refunded (fulfilment); pending orders expire and free their coupons.
 */
export const createOrderService = (deps: {
  db: Db;
  clock: Clock;
  config: Config;
  gateways: PayGateways;
  hub: Pick<Hub, 'sendToUser'>;
  log: FastifyBaseLogger;
  /** The buyer's notice of an operator's decision, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
}) => {
  const { db, clock, config, log } = deps;
  const timeoutMs = config.ORDER_TIMEOUT_MINUTES * 60_000;
  const repo = createOrderRepository(db);
  const quoting = createOrderQuote(deps);
  const payment = createOrderPayment(deps);
  const fulfilment = createOrderFulfilment(deps);
  /** The buyer's notice of an operator's decision on their order, in the decision's transaction. */
  const tellBuyer = (
    tx: DbOrTx,
    order: { tenantId: number; userId: number },
    keys: { title: string; content: string },
    params: Record<string, string>,
  ) =>
    decisionNoticeInTx(deps.noticeInTx, log, tx, {
      tenantId: order.tenantId,
      uid: order.userId,
      keys,
      params,
    });

  /** Closes a pending order (or the due ones in scope) and releases the coupons they had reserved. */
  const closeInTx = async (
    tx: DbOrTx,
    state: 'canceled' | 'expired',
    now: Date,
    scope: Parameters<ReturnType<typeof createOrderRepository>['closePending']>[2],
  ) => {
    const orders = createOrderRepository(tx);
    const closed = await orders.closePending(state, now, scope);
    await orders.releaseCoupons(closed.map((o) => o.id));
    return closed;
  };

  /** Expires due pending orders (all, or one user's) and releases their coupons. Lazy on reads and swept. */
  const expireDue = async (scope?: { tenantId: number; userId?: number; orderId?: number }) => {
    const now = clock.now();
    const expired = await db.transaction((tx) => closeInTx(tx, 'expired', now, { ...scope, dueBy: now }));
    return expired.length;
  };

  const cancelPending = async (orderId: number): Promise<OrderRow | null> => {
    const [row] = await db.transaction((tx) => closeInTx(tx, 'canceled', clock.now(), { orderId }));
    return row ?? null;
  };

  const findOrder = async (tenantId: number, where: { id?: number; orderNo?: string }, userId?: number) => {
    const row = await repo.find(tenantId, where, userId);
    if (!row) throw notFound('order_not_found');
    return row;
  };

  return {
    loadPackage: quoting.loadPackage,
    loadUsableCoupon: quoting.loadUsableCoupon,
    priceOf: quoting.priceOf,
    todayFree: quoting.todayFree,
    expireDue,

    async buy(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.buyGoldPackage>,
      ip: string,
    ): Promise<Order> {
      const pkg = await quoting.loadPackage(tenantId, body.packageId);
      const free = pkg.obtainMethod === ObtainMethod.Free;
      if (free && body.couponId !== undefined) throw badRequest('coupon_invalid');
      if (body.referralCode) {
        await bindReferral(db, { tenantId, refereeId: userId, code: body.referralCode, quietIfBound: true });
      }
      if (free && (await quoting.todayFree(tenantId, userId)).remaining <= 0) {
        throw conflict('free_package_used_today');
      }
      const now = clock.now();
      let created: OrderRow;
      let paid = false;
      try {
        ({ created, paid } = await db.transaction(async (tx) => {
          const orders = createOrderRepository(tx);
          // One order creation at a time per user (coupon and gold checks below stay simple).
          await orders.lockMember(tenantId, userId);
          const coupon =
            body.couponId === undefined
              ? null
              : await quoting.loadUsableCoupon(tx, tenantId, userId, body.couponId, now);
          const quote = quoting.priceOf(pkg, coupon);
          quoting.checkMethod(body.payMethod, pkg, quote.payFen);
          const local = body.payMethod === PayMethod.Local && quote.payFen > 0;
          const order = await orders.insert({
            tenantId,
            orderNo: newOrderNo(now),
            userId,
            packageId: pkg.id,
            packageName: pkg.name,
            gold: pkg.gold,
            vipDays: pkg.vipDays,
            vipLevel: pkg.vipLevel,
            payMethod: body.payMethod,
            state: 'pending',
            originalFen: quote.originalFen,
            discountFen: quote.discountFen,
            amountFen: quote.payFen,
            goldCost: local ? quote.goldCost : null,
            couponId: coupon?.id ?? null,
            freeDay: free ? shanghaiDate(now) : null,
            payParams:
              body.payMethod === PayMethod.Offline && quote.payFen > 0
                ? { kind: 'offline', instructions: config.OFFLINE_PAY_INSTRUCTIONS }
                : null,
            expiresAt: new Date(
              now.getTime() + (body.payMethod === PayMethod.Offline ? OFFLINE_TIMEOUT_MS : timeoutMs),
            ),
            createdAt: now,
          });
          // Reserve: only one order can take an unused coupon, however many race for it.
          if (coupon && !(await orders.reserveCoupon(coupon.id, order.id, now)))
            throw conflict('coupon_unavailable');
          if (!local && quote.payFen > 0) return { created: order, paid: false };
          if (local) {
            // Throws insufficient_gold (409): the whole transaction, order and coupon included, rolls back.
            await changeBalance(tx, {
              at: now,
              tenantId,
              userId,
              currency: 'gold',
              amount: -quote.goldCost,
              reason: 'package_pay',
              refType: 'order',
              refId: order.orderNo,
            });
          }
          const paidRow = await fulfilment.payInTx(tx, order.id, now, {
            from: ['pending'],
            checkExpiry: true,
          });
          return { created: paidRow!, paid: true };
        }));
      } catch (err) {
        if (free && isUniqueViolation(err)) throw conflict('free_package_used_today');
        throw err;
      }
      if (paid) {
        fulfilment.pushPaid(created);
        return toOrder(await findOrder(tenantId, { id: created.id }));
      }
      if (created.payMethod === PayMethod.Offline) return toOrder(created);
      let payParams: PayParams;
      try {
        payParams = await payment.prepay(created, { openid: body.openid, returnUrl: body.returnUrl, ip });
      } catch (err) {
        await cancelPending(created.id);
        if (err instanceof AppError) throw err;
        log.error({ err, orderNo: created.orderNo }, 'prepay failed');
        throw new AppError(502, 'pay_provider_failed');
      }
      return toOrder(await repo.update(created.id, { payParams }));
    },

    async detail(tenantId: number, userId: number, where: { id?: number; orderNo?: string }) {
      const row = await findOrder(tenantId, where, userId);
      if (row.state === 'pending' && row.expiresAt.getTime() <= clock.now().getTime()) {
        await expireDue({ tenantId, orderId: row.id });
        return toOrder(await findOrder(tenantId, { id: row.id }));
      }
      return toOrder(row);
    },

    /** The user's orders, newest first. */
    async myOrders(tenantId: number, userId: number, q: ParsedBodyOf<typeof endpoints.goldPackageOrderPage>) {
      await expireDue({ tenantId, userId });
      return mapPage(await repo.page(tenantId, userId, q), (rows) => rows.map(toOrder));
    },

    /** Operators: the tenant's orders, newest first, each with its owner. */
    async adminPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.orderAdminPage>) {
      await expireDue({ tenantId });
      return mapPage(await repo.page(tenantId, null, q), (rows) =>
        rows.map((r) => ({ ...toOrder(r), userId: r.userId })),
      );
    },

    /** Operator: a pending offline order whose transfer never came is canceled with a reason. */
    async rejectOffline(actor: Actor, orderId: number, reason: string) {
      const row = await findOrder(actor.tenantId, { id: orderId });
      if (row.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
      const canceled = await db.transaction(async (tx) => {
        const [order] = await closeInTx(tx, 'canceled', clock.now(), { orderId: row.id });
        if (!order) return null;
        await createOrderRepository(tx).update(order.id, { remark: reason });
        await writeAudit(tx, actor, {
          action: 'order.reject_offline',
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

    async cancel(tenantId: number, userId: number, orderId: number) {
      const row = await findOrder(tenantId, { id: orderId }, userId);
      await expireDue({ tenantId, orderId: row.id });
      const canceled = await cancelPending(row.id);
      if (!canceled) throw conflict('order_not_pending');
      return toOrder(canceled);
    },

    /** Operator: a pending offline order's transfer arrived. */
    async confirmOffline(actor: Actor, orderId: number, remark?: string) {
      const tenantId = actor.tenantId;
      const row = await findOrder(tenantId, { id: orderId });
      if (row.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
      const now = clock.now();
      const paid = await db.transaction(async (tx) => {
        const order = await fulfilment.payInTx(tx, row.id, now, { from: ['pending'], checkExpiry: true });
        if (order && remark) await createOrderRepository(tx).update(order.id, { remark });
        if (!order) return null;
        await writeAudit(tx, actor, {
          action: 'order.confirm_offline',
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

    /**
     * Operator: what refunding a paid order would do now: the gold to take back, the user's balance, the part
     * that can be taken back and the shortfall (gold already spent), and the gold paid that comes back.
     */
    async refundPreview(tenantId: number, orderId: number) {
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
      const refunded = await db.transaction(async (tx) => {
        const order = await createOrderRepository(tx).markRefunded(row.id, now, remark);
        if (!order) return null;
        const plan = await fulfilment.reverseInTx(tx, order, now, acceptShortfall);
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

    /**
     * A provider's verified "paid" notification. Credits exactly once; answers what happened. Amount and
     * provider must match the order, else nothing is credited.
     */
    async onPaid(notice: PaidNotice): Promise<NoticeOutcome> {
      const row = await repo.byOrderNo(notice.orderNo);
      if (!row) return 'unknown_order';
      if (!payment.noticeMatches(row, notice)) return 'mismatch';
      const paid = await db.transaction((tx) =>
        fulfilment.payInTx(tx, row.id, clock.now(), {
          tradeNo: notice.tradeNo,
          from: ['pending', 'expired', 'canceled'],
          checkExpiry: false,
        }),
      );
      if (!paid) return 'duplicate';
      fulfilment.pushPaid(paid);
      return 'credited';
    },

    async findForBill(tenantId: number, userId: number, orderNo: string) {
      const row = await repo.find(tenantId, { orderNo }, userId);
      return row ? toOrder(row) : null;
    },
  };
};

export type OrderService = ReturnType<typeof createOrderService>;
