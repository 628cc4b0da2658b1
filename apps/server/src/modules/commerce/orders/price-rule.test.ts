import { CouponType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { calculateDiscountedPrice, type PricedCoupon } from './price-rule.js';

const coupon = (type: number, value: number, extra: Partial<PricedCoupon> = {}): PricedCoupon => ({
  type,
  value,
  threshold: 0,
  packageId: null,
  ...extra,
});

// [case, package price (fen), coupon, pay (fen) or the refusal]
const table: [string, number, PricedCoupon | null, number | string][] = [
  ['no coupon', 2500, null, 2500],
  ['free package, no coupon', 0, null, 0],
  ['cash 10 yuan', 2500, coupon(CouponType.Cash, 1000), 1500],
  ['cash equal to the price', 2500, coupon(CouponType.Cash, 2500), 0],
  ['cash above the price never goes below zero', 2500, coupon(CouponType.Cash, 9999), 0],
  ['cash 0', 2500, coupon(CouponType.Cash, 0), 2500],
  ['cash for another package', 2500, coupon(CouponType.Cash, 100, { packageId: 2 }), 'coupon_wrong_package'],
  ['cash for this package', 2500, coupon(CouponType.Cash, 100, { packageId: 1 }), 2400],
  ['discount 8.5折', 2500, coupon(CouponType.Discount, 850), 2125],
  ['discount 8折 on 68 yuan', 6800, coupon(CouponType.Discount, 800), 5440],
  ['discount rounds 849.15 fen down', 999, coupon(CouponType.Discount, 850), 849],
  ['discount rounds half up: 0.5 fen → 1', 1, coupon(CouponType.Discount, 500), 1],
  ['discount rounds half up: 1.5 fen → 2', 3, coupon(CouponType.Discount, 500), 2],
  ['discount rounds 1.2 fen down', 2, coupon(CouponType.Discount, 600), 1],
  ['discount 1000‰ is full price', 2500, coupon(CouponType.Discount, 1000), 2500],
  ['discount 1‰', 2500, coupon(CouponType.Discount, 1), 3],
  ['discount 0‰ is invalid', 2500, coupon(CouponType.Discount, 0), 'coupon_invalid'],
  ['discount above 1000‰ is invalid', 2500, coupon(CouponType.Discount, 1001), 'coupon_invalid'],
  ['package coupon for its package', 2500, coupon(CouponType.Package, 0, { packageId: 1 }), 0],
  [
    'package coupon for another package',
    2500,
    coupon(CouponType.Package, 0, { packageId: 7 }),
    'coupon_wrong_package',
  ],
  ['package coupon without a package', 2500, coupon(CouponType.Package, 0), 'coupon_invalid'],
  ['threshold: above', 6800, coupon(CouponType.Threshold, 1000, { threshold: 5000 }), 5800],
  ['threshold: exactly at it', 5000, coupon(CouponType.Threshold, 1000, { threshold: 5000 }), 4000],
  [
    'threshold: one fen below',
    4999,
    coupon(CouponType.Threshold, 1000, { threshold: 5000 }),
    'coupon_threshold_not_met',
  ],
  ['threshold: reduction above the price', 5000, coupon(CouponType.Threshold, 8000, { threshold: 5000 }), 0],
  ['threshold 0 applies to anything', 100, coupon(CouponType.Threshold, 30, { threshold: 0 }), 70],
  ['unknown type', 2500, coupon(3, 100), 'coupon_invalid'],
  ['negative value', 2500, coupon(CouponType.Cash, -100), 'coupon_invalid'],
  ['fractional value', 2500, coupon(CouponType.Cash, 1.5), 'coupon_invalid'],
];

describe('calculateDiscountedPrice (integer fen, round half up, never below zero)', () => {
  it.each(table)('%s', (_name, price, c, expected) => {
    const result = calculateDiscountedPrice({ id: 1, priceFen: price }, c);
    if (typeof expected === 'string') {
      expect(result).toEqual({ ok: false, reason: expected });
      return;
    }
    expect(result).toEqual({
      ok: true,
      originalFen: price,
      discountFen: price - expected,
      payFen: expected,
      // Local payment: 1200 gold per yuan, so 12 gold a fen.
      goldCost: expected * 12,
    });
  });

  it('refuses a bad package price', () => {
    expect(() => calculateDiscountedPrice({ id: 1, priceFen: -1 }, null)).toThrow(RangeError);
  });
});
