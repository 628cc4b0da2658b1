import { CouponType, goldForFen } from '@app/contract';

/**
 * The one price rule. Integer fen throughout; the result is never below zero.
 * - 1 cash: price − value.
 * - 2 discount: value is the per-mille paid (850 = 8.5折); price × value / 1000 rounded half up to the fen.
 * - 4 package: only for its package, which then costs 0.
 * - 8 threshold-reduction: only when price ≥ threshold; price − value.
 * Any coupon with a packageId applies only to that package.
 */
export interface PricedCoupon {
  type: number;
  value: number;
  threshold: number;
  packageId: number | null;
}

type PriceResult =
  | { ok: true; originalFen: number; discountFen: number; payFen: number; goldCost: number }
  | { ok: false; reason: 'coupon_wrong_package' | 'coupon_threshold_not_met' | 'coupon_invalid' };

export const calculateDiscountedPrice = (
  pkg: { id: number; priceFen: number },
  coupon: PricedCoupon | null,
): PriceResult => {
  const price = pkg.priceFen;
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`bad price ${price}`);
  const done = (payFen: number): PriceResult => {
    const pay = Math.max(0, Math.min(price, payFen));
    return { ok: true, originalFen: price, discountFen: price - pay, payFen: pay, goldCost: goldForFen(pay) };
  };
  if (!coupon) return done(price);
  if (!Number.isSafeInteger(coupon.value) || coupon.value < 0) return { ok: false, reason: 'coupon_invalid' };
  if (coupon.packageId !== null && coupon.packageId !== pkg.id) {
    return { ok: false, reason: 'coupon_wrong_package' };
  }
  switch (coupon.type) {
    case CouponType.Cash:
      return done(price - coupon.value);
    case CouponType.Discount:
      if (coupon.value < 1 || coupon.value > 1000) return { ok: false, reason: 'coupon_invalid' };
      return done(Math.floor((price * coupon.value + 500) / 1000));
    case CouponType.Package:
      if (coupon.packageId === null) return { ok: false, reason: 'coupon_invalid' };
      return done(0);
    case CouponType.Threshold:
      if (price < coupon.threshold) return { ok: false, reason: 'coupon_threshold_not_met' };
      return done(price - coupon.value);
    default:
      return { ok: false, reason: 'coupon_invalid' };
  }
};
