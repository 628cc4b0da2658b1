import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Tx } from '../../../platform/db/client.js';
import type { Hub } from '../../../platform/hub/hub.js';
import { AppError } from '../../../platform/errors.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import type { OrderRow } from '../commerce.mappers.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import { extendVip } from './membership.js';
import { rewardReferrer } from '../referral/referral.service.js';

const DAY = 86_400_000;

/**
 * What refunding `order` takes back from a balance of `balance` gold: the gold it granted as far as the
 * balance allows (never below zero), the rest being the shortfall the operator must see and accept first.
 */
export const refundGoldPlan = (order: Pick<OrderRow, 'gold' | 'goldCost'>, balance: number) => {
  const takeBack = Math.max(0, Math.min(order.gold, balance));
  return {
    gold: order.gold,
    balance,
    takeBack,
    shortfall: order.gold - takeBack,
    /** Gold the order was paid with (local payment), given back. */
    goldReturned: order.goldCost ?? 0,
  };
};
type RefundGoldPlan = ReturnType<typeof refundGoldPlan>;

/** The granted gold was partly spent and the operator did not accept that shortfall (or it grew since). */
const refundShortfallError = (plan: RefundGoldPlan) =>
  new AppError(409, 'refund_gold_spent', {
    gold: plan.gold,
    balance: plan.balance,
    takeBack: plan.takeBack,
    shortfall: plan.shortfall,
  });

/** What paying gives and refunding takes back: gold and VIP days, the coupon, the referrer's reward. */
export const createOrderFulfilment = (deps: {
  store: CommerceRepositories;
  config: Config;
  hub: Pick<Hub, 'sendToUser'>;
  log: FastifyBaseLogger;
}) => {
  const { store, config, hub, log } = deps;

  /**
   * Grants the package (gold via the ledger, VIP days from the later of now and the current expiry). A free
   * claim (its day recorded) is booked as the daily free gold, apart from gold bought.
   */
  const grant = async (tx: Tx, order: OrderRow, now: Date) => {
    if (order.gold > 0) {
      await changeBalance(tx, {
        at: now,
        tenantId: order.tenantId,
        userId: order.userId,
        currency: 'gold',
        amount: order.gold,
        reason: order.freeDay ? 'daily_free' : 'package_purchase',
        refType: 'order',
        refId: order.orderNo,
      });
    }
    if (order.vipDays > 0) {
      const { orders } = store.within(tx);
      const vip = await extendVip(orders, {
        tenantId: order.tenantId,
        userId: order.userId,
        days: order.vipDays,
        level: order.vipLevel,
        now,
      });
      await orders.update(order.id, {
        vipExpireBefore: vip.before,
        vipExpireAfter: vip.after,
      });
    }
  };

  return {
    /**
     * The one place an order becomes paid: a conditional update (exactly one caller wins, however many
     * notifications race), then the grants, the coupon and the referral reward in the same transaction.
     * `from` is the states the caller may pay from (a provider's confirmed payment also credits an order our
     * clock already expired: the provider refuses payment after time_expire, which equals expires_at).
     */
    async payInTx(
      tx: Tx,
      orderId: number,
      now: Date,
      options: { tradeNo?: string; from: ('pending' | 'expired' | 'canceled')[]; checkExpiry: boolean },
    ): Promise<OrderRow | null> {
      const { orders: repo, referrals } = store.within(tx);
      const before = await repo.stateOf(orderId);
      const order = await repo.markPaid(orderId, now, options);
      if (!order) return null;
      if (before && before !== 'pending' && options.tradeNo) {
        // Paid after we had closed it: credited (the user paid), flagged for an operator to look at.
        await repo.update(order.id, { lateTradeNo: options.tradeNo });
        log.warn({ orderNo: order.orderNo, was: before }, 'payment confirmed for a closed order');
      }
      await grant(tx, order, now);
      if (order.couponId !== null) await repo.spendCoupon(order.couponId, order.id, now);
      await rewardReferrer(tx, referrals, order, now, config.REFERRAL_REWARD_GOLD);
      return order;
    },

    /**
     * Takes back what a refunded order gave: granted gold as far as the balance allows, granted VIP days off
     * the expiry; gold paid from the balance comes back. Gold already spent is never taken silently: when the
     * balance is short by more than the `acceptedShortfall` the operator saw and accepted, nothing changes and
     * the answer (409 `refund_gold_spent`) says how much can be taken back.
     */
    async reverseInTx(tx: Tx, order: OrderRow, now: Date, acceptedShortfall = 0): Promise<RefundGoldPlan> {
      const repo = store.within(tx).orders;
      const user = await repo.lockMember(order.tenantId, order.userId);
      const plan = refundGoldPlan(order, user?.gold ?? 0);
      if (plan.shortfall > acceptedShortfall) throw refundShortfallError(plan);
      if (plan.takeBack > 0) {
        await changeBalance(tx, {
          at: now,
          tenantId: order.tenantId,
          userId: order.userId,
          currency: 'gold',
          amount: -plan.takeBack,
          reason: 'refund_reverse',
          refType: 'order',
          refId: order.orderNo,
        });
      }
      if (order.vipDays > 0 && user?.vipExpireAt) {
        await repo.setMembership(order.userId, {
          vipExpireAt: new Date(user.vipExpireAt.getTime() - order.vipDays * DAY),
          updatedAt: now,
        });
      }
      if (order.goldCost && order.goldCost > 0) {
        await changeBalance(tx, {
          at: now,
          tenantId: order.tenantId,
          userId: order.userId,
          currency: 'gold',
          amount: order.goldCost,
          reason: 'refund',
          refType: 'order',
          refId: order.orderNo,
        });
      }
      return plan;
    },

    /** Tells the user's open pages the order is paid (best effort). */
    pushPaid(order: OrderRow) {
      hub
        .sendToUser(order.userId, 'order_paid', { orderId: order.id, orderNo: order.orderNo, state: 'paid' })
        .catch((err: unknown) => log.warn({ err }, 'order_paid push failed'));
    },
  };
};
