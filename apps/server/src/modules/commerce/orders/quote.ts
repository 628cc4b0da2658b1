import { FREE_PACKAGE_DAILY_LIMIT, goldCanPay, PayMethod, type PriceQuote } from '@app/contract';
import { shanghaiDate, type Clock } from '../../../platform/clock.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import type { PayGateways } from '../../../platform/pay/gateways.js';
import type { CouponRow, PackageRow } from '../commerce.mappers.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { OrderRepository } from './order.repository.js';
import { ALIPAY_METHODS, WECHAT_METHODS } from './payment.js';
import { calculateDiscountedPrice } from './price-rule.js';

/** What an order would cost: the package, the coupon that may apply, the free-package limit, the pay method. */
export const createOrderQuote = (deps: {
  store: CommerceRepositories;
  clock: Clock;
  gateways: PayGateways;
}) => {
  const { store, clock, gateways } = deps;
  const { orders: repo } = store.repos;

  return {
    async loadPackage(tenantId: number, packageId: number): Promise<PackageRow> {
      const pkg = await repo.enabledPackage(tenantId, packageId);
      if (!pkg) throw notFound('package_not_found');
      return pkg;
    },

    /**
     * A coupon of the caller's that can be used now (unused, within its validity); read through `orders` (the
     * order repository over a transaction the caller opened), else over the pool.
     */
    async loadUsableCoupon(
      { tenantId, uid }: Actor,
      couponId: number,
      now: Date,
      orders: OrderRepository = repo,
    ): Promise<CouponRow> {
      const coupon = await orders.couponOf(tenantId, uid, couponId);
      if (!coupon) throw notFound('coupon_not_found');
      if (
        coupon.state !== 'unused' ||
        coupon.validUntil.getTime() <= now.getTime() ||
        coupon.validFrom.getTime() > now.getTime()
      ) {
        throw conflict('coupon_unavailable');
      }
      return coupon;
    },

    priceOf(pkg: PackageRow, coupon: CouponRow | null): PriceQuote {
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
    },

    /** The caller's free packages today (Asia/Shanghai): the limit, how many were taken and how many are left. */
    async todayFree({ tenantId, uid }: Actor) {
      const date = shanghaiDate(clock.now());
      const used = await repo.paidFreeOn(tenantId, uid, date);
      return {
        date,
        limit: FREE_PACKAGE_DAILY_LIMIT,
        used,
        remaining: Math.max(0, FREE_PACKAGE_DAILY_LIMIT - used),
      };
    },

    /**
     * The pay method fits the price: free and offline always, gold for VIP packages (their VIP days only, not
     * their gold) and never for a gold pack.
     */
    checkMethod(payMethod: number, pkg: PackageRow, payFen: number) {
      if (payFen === 0 || payMethod === PayMethod.Offline) return;
      if (payMethod === PayMethod.Local) {
        if (!goldCanPay(pkg)) throw badRequest('local_pay_not_allowed');
        return;
      }
      if (WECHAT_METHODS.includes(payMethod) && gateways.wechat) return;
      if (ALIPAY_METHODS.includes(payMethod) && gateways.alipay) return;
      throw badRequest('pay_method_unavailable');
    },
  };
};
export type OrderQuote = ReturnType<typeof createOrderQuote>;
