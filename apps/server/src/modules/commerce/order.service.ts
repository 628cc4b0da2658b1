import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  FREE_PACKAGE_DAILY_LIMIT,
  ObtainMethod,
  PayMethod,
  type Order,
  type PayParams,
  type PriceQuote,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import './commerce.messages.js';
import type { Config } from '../../config.js';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Hub } from '../../platform/hub/hub.js';
import { beijingTime } from '../../platform/pay/keys.js';
import { boundWechatOpenid } from '../auth/index.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldPackages, payOrders, userCoupons } from './commerce.table.js';
import { toOrder, type CouponRow, type OrderRow, type PackageRow } from './commerce.mappers.js';
import type { PayGateways } from '../../platform/pay/gateways.js';
import { calculateDiscountedPrice } from './pricing.js';
import { bindReferral, rewardReferrer } from './referral.service.js';
import { isUniqueViolation } from '../../platform/db/sql.js';

const DAY = 86_400_000;
/** Offline orders wait for a person to confirm a transfer: a day, not the online timeout. */
const OFFLINE_TIMEOUT_MS = DAY;

const WECHAT_METHODS: number[] = [
  PayMethod.WxMiniProgram,
  PayMethod.WxOfficialAccount,
  PayMethod.WxScan,
  PayMethod.WxH5,
  PayMethod.AppWx,
];
const ALIPAY_METHODS: number[] = [PayMethod.AlipayH5, PayMethod.AppAlipay];

/** P + Beijing time to the second + 6 random digits: 21 characters, unique by index (out_trade_no). */
const newOrderNo = (now: Date) =>
  `P${beijingTime(now, 'plain').replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;

export interface PaidNotice {
  orderNo: string;
  tradeNo: string;
  totalFen: number;
  provider: 'wechat' | 'alipay';
}
export type NoticeOutcome = 'credited' | 'duplicate' | 'unknown_order' | 'mismatch';

export const createOrderService = (deps: {
  db: Db;
  clock: Clock;
  config: Config;
  gateways: PayGateways;
  hub: Pick<Hub, 'sendToUser'>;
  log: FastifyBaseLogger;
}) => {
  const { db, clock, config, gateways, hub, log } = deps;
  const timeoutMs = config.ORDER_TIMEOUT_MINUTES * 60_000;

  const loadPackage = async (tenantId: number, packageId: number): Promise<PackageRow> => {
    const [pkg] = await db
      .select()
      .from(goldPackages)
      .where(
        and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.id, packageId), eq(goldPackages.status, 1)),
      )
      .limit(1);
    if (!pkg) throw notFound('package_not_found');
    return pkg;
  };

  /** A coupon of the user that can be used now (unused, within its validity). */
  const loadUsableCoupon = async (
    q: DbOrTx,
    tenantId: number,
    userId: number,
    couponId: number,
    now: Date,
  ): Promise<CouponRow> => {
    const [coupon] = await q
      .select()
      .from(userCoupons)
      .where(
        and(eq(userCoupons.tenantId, tenantId), eq(userCoupons.userId, userId), eq(userCoupons.id, couponId)),
      )
      .limit(1);
    if (!coupon) throw notFound('coupon_not_found');
    if (
      coupon.state !== 'unused' ||
      coupon.validUntil.getTime() <= now.getTime() ||
      coupon.validFrom.getTime() > now.getTime()
    ) {
      throw conflict('coupon_unavailable');
    }
    return coupon;
  };

  const priceOf = (pkg: PackageRow, coupon: CouponRow | null): PriceQuote => {
    const result = calculateDiscountedPrice(pkg, coupon);
    if (!result.ok) throw badRequest(result.reason);
    return {
      packageId: pkg.id,
      couponId: coupon?.id ?? null,
      originalFen: result.originalFen,
      discountFen: result.discountFen,
      payFen: result.payFen,
      goldCost: result.goldCost,
    };
  };

  /** Grants the package (gold via the ledger, VIP days from the later of now and the current expiry). */
  const grant = async (tx: DbOrTx, order: OrderRow, now: Date) => {
    if (order.gold > 0) {
      await changeBalance(tx, {
        tenantId: order.tenantId,
        userId: order.userId,
        currency: 'gold',
        amount: order.gold,
        reason: 'package_purchase',
        refType: 'order',
        refId: order.orderNo,
      });
    }
    if (order.vipDays > 0) {
      const [user] = await tx
        .select({ vipLevel: users.vipLevel, vipExpireAt: users.vipExpireAt })
        .from(users)
        .where(and(eq(users.id, order.userId), eq(users.tenantId, order.tenantId)))
        .for('update');
      if (!user) throw notFound('user_not_found');
      const active = user.vipExpireAt !== null && user.vipExpireAt.getTime() > now.getTime();
      const base = active ? user.vipExpireAt!.getTime() : now.getTime();
      const after = new Date(base + order.vipDays * DAY);
      const level = Math.max(active ? user.vipLevel : 0, order.vipLevel, 1);
      await tx
        .update(users)
        .set({ vipLevel: level, vipExpireAt: after, updatedAt: now })
        .where(eq(users.id, order.userId));
      await tx
        .update(payOrders)
        .set({ vipExpireBefore: user.vipExpireAt, vipExpireAfter: after })
        .where(eq(payOrders.id, order.id));
    }
  };

  /**
   * The one place an order becomes paid: a conditional update (exactly one caller wins, however many
   * notifications race), then the grants, the coupon and the referral reward in the same transaction.
   * `from` is the states the caller may pay from (a provider's confirmed payment also credits an order our
   * clock already expired: the provider refuses payment after time_expire, which equals expires_at).
   */
  const payInTx = async (
    tx: DbOrTx,
    orderId: number,
    now: Date,
    options: { tradeNo?: string; from: ('pending' | 'expired' | 'canceled')[]; checkExpiry: boolean },
  ): Promise<OrderRow | null> => {
    const conditions: SQL[] = [eq(payOrders.id, orderId), inArray(payOrders.state, options.from)];
    if (options.checkExpiry) conditions.push(gt(payOrders.expiresAt, now));
    const [before] = await tx
      .select({ state: payOrders.state })
      .from(payOrders)
      .where(eq(payOrders.id, orderId));
    const [order] = await tx
      .update(payOrders)
      .set({ state: 'paid', paidAt: now, tradeNo: options.tradeNo ?? null })
      .where(and(...conditions))
      .returning();
    if (!order) return null;
    if (before && before.state !== 'pending' && options.tradeNo) {
      // Paid after we had closed it: credited (the user paid), flagged for an operator to look at.
      await tx.update(payOrders).set({ lateTradeNo: options.tradeNo }).where(eq(payOrders.id, order.id));
      log.warn({ orderNo: order.orderNo, was: before.state }, 'payment confirmed for a closed order');
    }
    await grant(tx, order, now);
    if (order.couponId !== null) {
      await tx
        .update(userCoupons)
        .set({ state: 'used', usedAt: now, orderId: order.id })
        .where(
          and(
            eq(userCoupons.id, order.couponId),
            sql`(${userCoupons.orderId} = ${order.id} OR ${userCoupons.state} = 'unused')`,
          ),
        );
    }
    await rewardReferrer(tx, order, now, config.REFERRAL_REWARD_GOLD);
    return order;
  };

  const pushPaid = (order: OrderRow) => {
    hub
      .sendToUser(order.userId, 'order_paid', { orderId: order.id, orderNo: order.orderNo, state: 'paid' })
      .catch((err: unknown) => log.warn({ err }, 'order_paid push failed'));
  };

  /** Expires due pending orders (all, or one user's) and releases their coupons. Lazy on reads and swept. */
  const expireDue = async (scope?: { tenantId: number; userId?: number; orderId?: number }) => {
    const now = clock.now();
    const conditions: SQL[] = [eq(payOrders.state, 'pending'), lte(payOrders.expiresAt, now)];
    if (scope) conditions.push(eq(payOrders.tenantId, scope.tenantId));
    if (scope?.userId !== undefined) conditions.push(eq(payOrders.userId, scope.userId));
    if (scope?.orderId !== undefined) conditions.push(eq(payOrders.id, scope.orderId));
    return db.transaction(async (tx) => {
      const expired = await tx
        .update(payOrders)
        .set({ state: 'expired', canceledAt: now })
        .where(and(...conditions))
        .returning({ id: payOrders.id });
      if (expired.length) {
        await tx
          .update(userCoupons)
          .set({ state: 'unused', orderId: null })
          .where(
            and(
              inArray(
                userCoupons.orderId,
                expired.map((e) => e.id),
              ),
              eq(userCoupons.state, 'reserved'),
            ),
          );
      }
      return expired.length;
    });
  };

  const findOrder = async (tenantId: number, where: { id?: number; orderNo?: string }, userId?: number) => {
    const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
    if (where.id !== undefined) conditions.push(eq(payOrders.id, where.id));
    if (where.orderNo !== undefined) conditions.push(eq(payOrders.orderNo, where.orderNo));
    if (userId !== undefined) conditions.push(eq(payOrders.userId, userId));
    const [row] = await db
      .select()
      .from(payOrders)
      .where(and(...conditions))
      .limit(1);
    if (!row) throw notFound('order_not_found');
    return row;
  };

  const todayFree = async (tenantId: number, userId: number) => {
    const date = shanghaiDate(clock.now());
    const [row] = await db
      .select({ n: count() })
      .from(payOrders)
      .where(
        and(
          eq(payOrders.tenantId, tenantId),
          eq(payOrders.userId, userId),
          eq(payOrders.freeDay, date),
          eq(payOrders.state, 'paid'),
        ),
      );
    const used = row?.n ?? 0;
    return {
      date,
      limit: FREE_PACKAGE_DAILY_LIMIT,
      used,
      remaining: Math.max(0, FREE_PACKAGE_DAILY_LIMIT - used),
    };
  };

  const checkMethod = (payMethod: number, pkg: PackageRow, payFen: number) => {
    if (payFen === 0 || payMethod === PayMethod.Offline) return;
    if (payMethod === PayMethod.Local) {
      if (pkg.gold > 0) throw badRequest('local_pay_not_allowed');
      return;
    }
    if (WECHAT_METHODS.includes(payMethod) && gateways.wechat) return;
    if (ALIPAY_METHODS.includes(payMethod) && gateways.alipay) return;
    throw badRequest('pay_method_unavailable');
  };

  /** Calls the provider for what the client needs to pay (outside the database transaction). */
  const prepay = async (
    order: OrderRow,
    input: { openid?: string; returnUrl?: string; ip: string },
  ): Promise<PayParams> => {
    const base = {
      outTradeNo: order.orderNo,
      description: order.packageName,
      totalFen: order.amountFen,
      expiresAt: order.expiresAt,
    };
    const wx = gateways.wechat;
    const ali = gateways.alipay;
    switch (order.payMethod) {
      case PayMethod.WxMiniProgram:
      case PayMethod.WxOfficialAccount: {
        let openid = input.openid;
        if (!openid) {
          const appId = config.WECHAT_PAY_APP_ID ?? config.WECHAT_APP_ID ?? '';
          openid = await boundWechatOpenid(db, order.tenantId, order.userId, appId);
        }
        if (!openid) throw badRequest('openid_required');
        const { payParams } = await wx!.jsapiPrepay({ ...base, openid });
        return { kind: 'jsapi', params: { ...payParams } };
      }
      case PayMethod.WxScan:
        return { kind: 'native', codeUrl: (await wx!.nativePrepay(base)).codeUrl };
      case PayMethod.WxH5: {
        const { h5Url } = await wx!.h5Prepay({ ...base, clientIp: input.ip });
        const url = input.returnUrl ? `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` : h5Url;
        return { kind: 'h5', url };
      }
      case PayMethod.AppWx: {
        const { payParams } = await wx!.appPrepay(base);
        return { kind: 'app', params: { ...payParams } };
      }
      case PayMethod.AlipayH5:
        return {
          kind: 'alipay_wap',
          url: ali!.wapPayUrl({
            outTradeNo: base.outTradeNo,
            subject: base.description,
            totalFen: base.totalFen,
            expiresAt: base.expiresAt,
            ...(input.returnUrl ? { returnUrl: input.returnUrl, quitUrl: input.returnUrl } : {}),
          }),
        };
      case PayMethod.AppAlipay:
        return {
          kind: 'alipay_app',
          orderString: ali!.appPayOrderString({
            outTradeNo: base.outTradeNo,
            subject: base.description,
            totalFen: base.totalFen,
            expiresAt: base.expiresAt,
          }),
        };
      default:
        throw badRequest('pay_method_unavailable');
    }
  };

  const cancelInTx = async (
    tx: DbOrTx,
    orderId: number,
    now: Date,
    state: 'canceled' | 'expired',
  ): Promise<OrderRow | null> => {
    const [row] = await tx
      .update(payOrders)
      .set({ state, canceledAt: now })
      .where(and(eq(payOrders.id, orderId), eq(payOrders.state, 'pending')))
      .returning();
    if (!row) return null;
    await tx
      .update(userCoupons)
      .set({ state: 'unused', orderId: null })
      .where(and(eq(userCoupons.orderId, row.id), eq(userCoupons.state, 'reserved')));
    return row;
  };

  return {
    loadPackage,
    loadUsableCoupon,
    priceOf,
    expireDue,
    todayFree,

    async buy(
      tenantId: number,
      userId: number,
      body: {
        packageId: number;
        payMethod: number;
        couponId?: number;
        referralCode?: string;
        openid?: string;
        returnUrl?: string;
      },
      ip: string,
    ): Promise<Order> {
      const pkg = await loadPackage(tenantId, body.packageId);
      const free = pkg.obtainMethod === ObtainMethod.Free;
      if (free && body.couponId !== undefined) throw badRequest('coupon_invalid');
      if (body.referralCode) {
        await bindReferral(db, { tenantId, refereeId: userId, code: body.referralCode, quietIfBound: true });
      }
      if (free && (await todayFree(tenantId, userId)).remaining <= 0) {
        throw conflict('free_package_used_today');
      }
      const now = clock.now();
      let created: OrderRow;
      let paid = false;
      try {
        ({ created, paid } = await db.transaction(async (tx) => {
          // One order creation at a time per user (coupon and gold checks below stay simple).
          await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
            .for('update');
          const coupon =
            body.couponId === undefined
              ? null
              : await loadUsableCoupon(tx, tenantId, userId, body.couponId, now);
          const quote = priceOf(pkg, coupon);
          checkMethod(body.payMethod, pkg, quote.payFen);
          const local = body.payMethod === PayMethod.Local && quote.payFen > 0;
          const [order] = await tx
            .insert(payOrders)
            .values({
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
            })
            .returning();
          if (coupon) {
            // Reserve: only one order can take an unused coupon, however many race for it.
            const reserved = await tx
              .update(userCoupons)
              .set({ state: 'reserved', orderId: order!.id })
              .where(
                and(
                  eq(userCoupons.id, coupon.id),
                  eq(userCoupons.state, 'unused'),
                  gt(userCoupons.validUntil, now),
                ),
              )
              .returning({ id: userCoupons.id });
            if (!reserved.length) throw conflict('coupon_unavailable');
          }
          if (!local && quote.payFen > 0) return { created: order!, paid: false };
          if (local) {
            // Throws insufficient_gold (409): the whole transaction, order and coupon included, rolls back.
            await changeBalance(tx, {
              tenantId,
              userId,
              currency: 'gold',
              amount: -quote.goldCost,
              reason: 'package_pay',
              refType: 'order',
              refId: order!.orderNo,
            });
          }
          const paidRow = await payInTx(tx, order!.id, now, { from: ['pending'], checkExpiry: true });
          return { created: paidRow!, paid: true };
        }));
      } catch (err) {
        if (free && isUniqueViolation(err)) throw conflict('free_package_used_today');
        throw err;
      }
      if (paid) {
        pushPaid(created);
        return toOrder((await findOrder(tenantId, { id: created.id }))!);
      }
      if (created.payMethod === PayMethod.Offline) return toOrder(created);
      let payParams: PayParams;
      try {
        payParams = await prepay(created, { openid: body.openid, returnUrl: body.returnUrl, ip });
      } catch (err) {
        await db.transaction((tx) => cancelInTx(tx, created.id, clock.now(), 'canceled'));
        if (err instanceof AppError) throw err;
        log.error({ err, orderNo: created.orderNo }, 'prepay failed');
        throw new AppError(502, 'pay_provider_failed');
      }
      const [withParams] = await db
        .update(payOrders)
        .set({ payParams })
        .where(eq(payOrders.id, created.id))
        .returning();
      return toOrder(withParams!);
    },

    async detail(tenantId: number, userId: number, where: { id?: number; orderNo?: string }) {
      const row = await findOrder(tenantId, where, userId);
      if (row.state === 'pending' && row.expiresAt.getTime() <= clock.now().getTime()) {
        await expireDue({ tenantId, orderId: row.id });
        return toOrder(await findOrder(tenantId, { id: row.id }));
      }
      return toOrder(row);
    },

    async page(
      tenantId: number,
      userId: number | null,
      q: { page: number; pageSize: number; state?: OrderRow['state'] },
    ) {
      await expireDue(userId === null ? { tenantId } : { tenantId, userId });
      const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
      if (userId !== null) conditions.push(eq(payOrders.userId, userId));
      if (q.state) conditions.push(eq(payOrders.state, q.state));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(payOrders)
          .where(where)
          .orderBy(desc(payOrders.createdAt), desc(payOrders.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(payOrders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async cancel(tenantId: number, userId: number, orderId: number) {
      const row = await findOrder(tenantId, { id: orderId }, userId);
      await expireDue({ tenantId, orderId: row.id });
      const canceled = await db.transaction((tx) => cancelInTx(tx, row.id, clock.now(), 'canceled'));
      if (!canceled) throw conflict('order_not_pending');
      return toOrder(canceled);
    },

    /** Operator: a pending offline order's transfer arrived. */
    async confirmOffline(tenantId: number, orderId: number, remark?: string) {
      const row = await findOrder(tenantId, { id: orderId });
      if (row.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
      const now = clock.now();
      const paid = await db.transaction(async (tx) => {
        const order = await payInTx(tx, row.id, now, { from: ['pending'], checkExpiry: true });
        if (order && remark) await tx.update(payOrders).set({ remark }).where(eq(payOrders.id, order.id));
        return order;
      });
      if (!paid) {
        await expireDue({ tenantId, orderId: row.id });
        const current = await findOrder(tenantId, { id: row.id });
        throw conflict(current.state === 'expired' ? 'order_expired' : 'order_not_pending');
      }
      pushPaid(paid);
      return toOrder(await findOrder(tenantId, { id: row.id }));
    },

    /**
     * Operator: refunds a paid order. Gold paid from the balance comes back; granted gold is taken back as far
     * as the balance allows; granted VIP days are taken off the expiry. Money paid through WeChat/Alipay is
     * returned by the operator in the merchant console (this marks the order and reverses the grants).
     */
    async refund(tenantId: number, orderId: number, remark?: string) {
      const row = await findOrder(tenantId, { id: orderId });
      const now = clock.now();
      const refunded = await db.transaction(async (tx) => {
        const [order] = await tx
          .update(payOrders)
          .set({ state: 'refunded', refundedAt: now, ...(remark ? { remark } : {}) })
          .where(and(eq(payOrders.id, row.id), eq(payOrders.state, 'paid')))
          .returning();
        if (!order) return null;
        const [user] = await tx
          .select({ gold: users.gold, vipExpireAt: users.vipExpireAt })
          .from(users)
          .where(eq(users.id, order.userId))
          .for('update');
        const back = Math.min(order.gold, user?.gold ?? 0);
        if (back > 0) {
          await changeBalance(tx, {
            tenantId,
            userId: order.userId,
            currency: 'gold',
            amount: -back,
            reason: 'refund_reverse',
            refType: 'order',
            refId: order.orderNo,
          });
        }
        if (order.vipDays > 0 && user?.vipExpireAt) {
          await tx
            .update(users)
            .set({ vipExpireAt: new Date(user.vipExpireAt.getTime() - order.vipDays * DAY), updatedAt: now })
            .where(eq(users.id, order.userId));
        }
        if (order.goldCost && order.goldCost > 0) {
          await changeBalance(tx, {
            tenantId,
            userId: order.userId,
            currency: 'gold',
            amount: order.goldCost,
            reason: 'refund',
            refType: 'order',
            refId: order.orderNo,
          });
        }
        return order;
      });
      if (!refunded) throw conflict('order_not_paid');
      return toOrder(refunded);
    },

    /**
     * A provider's verified "paid" notification. Credits exactly once; answers what happened. Amount and
     * provider must match the order, else nothing is credited.
     */
    async onPaid(notice: PaidNotice): Promise<NoticeOutcome> {
      const [row] = await db.select().from(payOrders).where(eq(payOrders.orderNo, notice.orderNo)).limit(1);
      if (!row) return 'unknown_order';
      const methods = notice.provider === 'wechat' ? WECHAT_METHODS : ALIPAY_METHODS;
      if (!methods.includes(row.payMethod) || notice.totalFen !== row.amountFen) {
        log.error(
          {
            orderNo: row.orderNo,
            provider: notice.provider,
            totalFen: notice.totalFen,
            amountFen: row.amountFen,
          },
          'payment notification does not match the order',
        );
        return 'mismatch';
      }
      const paid = await db.transaction((tx) =>
        payInTx(tx, row.id, clock.now(), {
          tradeNo: notice.tradeNo,
          from: ['pending', 'expired', 'canceled'],
          checkExpiry: false,
        }),
      );
      if (!paid) return 'duplicate';
      pushPaid(paid);
      return 'credited';
    },

    async findForBill(tenantId: number, userId: number, orderNo: string) {
      const [row] = await db
        .select()
        .from(payOrders)
        .where(
          and(eq(payOrders.tenantId, tenantId), eq(payOrders.userId, userId), eq(payOrders.orderNo, orderNo)),
        )
        .limit(1);
      return row ? toOrder(row) : null;
    },
  };
};

export type OrderService = ReturnType<typeof createOrderService>;
