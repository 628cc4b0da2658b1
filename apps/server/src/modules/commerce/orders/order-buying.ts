import { randomInt } from 'node:crypto';
import {
  ObtainMethod,
  PayMethod,
  type endpoints,
  type Order,
  type ParsedBodyOf,
  type PayParams,
} from '@app/contract';
import { shanghaiDate } from '../../../platform/clock.js';
import { AppError, badRequest, conflict } from '../../../platform/errors.js';
import { beijingTime } from '../../../platform/pay/keys.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { isUniqueViolation } from '../../../platform/db/sql.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { Actor } from '../../../platform/identity/actor.js';
import type { Tx } from '../../../platform/db/client.js';
import { toOrder, type OrderRow } from '../commerce.mappers.js';
import { bindReferral } from '../referral/referral.service.js';
import type { OrderParts } from './order-parts.js';
import type { PaidNotice } from './payment.js';
import { assertReturnUrl } from './return-url.js';
import { offlineInstructions } from '../offline-pay/offline-pay.service.js';

/** Offline orders wait for a person to confirm a transfer: a day, not the online timeout. */
const OFFLINE_TIMEOUT_MS = 86_400_000;

/** P + Beijing time to the second + 6 random digits: 21 characters, unique by index (out_trade_no). */
const newOrderNo = (now: Date) =>
  `P${beijingTime(now, 'plain').replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;

type NoticeOutcome = 'credited' | 'duplicate' | 'unknown_order' | 'mismatch';

/** Buying a package: the order created at its price, paid at once (gold, free) or sent to the provider. */
export const createOrderBuying = (parts: OrderParts) => {
  const { store, clock, config, log, repo, quoting, payment, fulfilment } = parts;
  const { cancelPending, findOrder } = parts.steps;
  const timeoutMs = config.ORDER_TIMEOUT_MINUTES * 60_000;
  return {
    /** The caller buys a package; `actor.ip` is the client address a provider's H5 payment is bound to. */
    async buy(actor: Actor, body: ParsedBodyOf<typeof endpoints.buyGoldPackage>): Promise<Order> {
      const { tenantId, uid: userId } = actor;
      assertReturnUrl(body.returnUrl, config);
      const pkg = await quoting.loadPackage(tenantId, body.packageId);
      const free = pkg.obtainMethod === ObtainMethod.Free;
      if (free && body.couponId !== undefined) throw badRequest('coupon_invalid');
      if (body.referralCode) {
        await bindReferral(store.repos.referrals, actor, body.referralCode, { quietIfBound: true });
      }
      if (free && (await quoting.todayFree(actor)).remaining <= 0) {
        throw conflict('free_package_used_today');
      }
      const instructions =
        body.payMethod === PayMethod.Offline
          ? await offlineInstructions(store.repos.offlinePay, tenantId, config.OFFLINE_PAY_INSTRUCTIONS)
          : '';
      const now = clock.now();
      let created: OrderRow;
      let paid = false;
      try {
        ({ created, paid } = await store.transaction(async ({ orders }, tx) => {
          // One order creation at a time per user (coupon and gold checks below stay simple).
          await orders.lockMember(tenantId, userId);
          const coupon =
            body.couponId === undefined
              ? null
              : await quoting.loadUsableCoupon(actor, body.couponId, now, orders);
          const quote = quoting.priceOf(pkg, coupon);
          quoting.checkMethod(body.payMethod, pkg, quote.payFen);
          const local = body.payMethod === PayMethod.Local && quote.payFen > 0;
          const order = await orders.insert({
            tenantId,
            orderNo: newOrderNo(now),
            userId,
            packageId: pkg.id,
            packageName: pkg.name,
            // Paid with gold, the package's VIP days only (gold bought with gold would pay for itself).
            gold: local ? 0 : pkg.gold,
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
                ? { kind: 'offline', instructions }
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
        payParams = await payment.prepay(created, {
          openid: body.openid,
          returnUrl: body.returnUrl,
          ip: actor.ip ?? '',
        });
      } catch (err) {
        await cancelPending(created.id);
        if (err instanceof AppError) throw err;
        log.error({ err, orderNo: created.orderNo }, 'prepay failed');
        throw new AppError(502, 'pay_provider_failed');
      }
      return toOrder(await repo.update(created.id, { payParams }));
    },
  };
};

/** The buyer's orders: read, canceled, and paid by the provider's notice. */
export const createBuyerOrders = (parts: OrderParts) => {
  const { store, clock, repo, payment, fulfilment } = parts;
  const { expireDue, cancelPending, findOrder } = parts.steps;
  return {
    async detail({ tenantId, uid }: Actor, where: { id?: number; orderNo?: string }) {
      const row = await findOrder(tenantId, where, uid);
      if (row.state === 'pending' && row.expiresAt.getTime() <= clock.now().getTime()) {
        await expireDue({ tenantId, orderId: row.id });
        return toOrder(await findOrder(tenantId, { id: row.id }));
      }
      return toOrder(row);
    },

    /** The user's orders, newest first. */
    async myOrders({ tenantId, uid }: Actor, q: ParsedBodyOf<typeof endpoints.goldPackageOrderPage>) {
      await expireDue({ tenantId, userId: uid });
      return mapPage(await repo.page(tenantId, uid, q), (rows) => rows.map(toOrder));
    },

    /**
     * The user's orders still being paid (at most 20, oldest first), after the overdue ones expired: an account
     * deletion waits for them. With `tx` (a caller's transaction) nothing expires first: read as they stand.
     */
    async beingPaid({ tenantId, uid }: Actor, tx?: Tx): Promise<OrderRow[]> {
      if (!tx) await expireDue({ tenantId, userId: uid });
      return (tx ? store.within(tx) : store.repos).orders.pendingOf(tenantId, uid, 20);
    },

    async cancel({ tenantId, uid }: Actor, orderId: number) {
      const row = await findOrder(tenantId, { id: orderId }, uid);
      await expireDue({ tenantId, orderId: row.id });
      const canceled = await cancelPending(row.id);
      if (!canceled) throw conflict('order_not_pending');
      return toOrder(canceled);
    },

    /**
     * A provider's verified "paid" notification. Credits exactly once; answers what happened. Amount and
     * provider must match the order, else nothing is credited.
     */
    async onPaid(notice: PaidNotice): Promise<NoticeOutcome> {
      const row = await repo.byOrderNo(notice.orderNo);
      if (!row) return 'unknown_order';
      if (!payment.noticeMatches(row, notice)) return 'mismatch';
      const paid = await store.transaction((_repos, tx) =>
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

    /** The caller's order a bill row names. */
    async findForBill({ tenantId, uid }: Actor, orderNo: string) {
      const row = await repo.find(tenantId, { orderNo }, uid);
      return row ? toOrder(row) : null;
    },
  };
};
