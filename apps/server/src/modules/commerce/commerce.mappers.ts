import type { Coupon, GoldPackage, Locale, Order, PayParams } from '@app/contract';
import { goldForFen } from '@app/contract';
import { localize } from '../../platform/i18n/stored-translations.js';
import type { goldPackages, payOrders, userCoupons } from './commerce.table.js';

export type PackageRow = typeof goldPackages.$inferSelect;
export type OrderRow = typeof payOrders.$inferSelect;
export type CouponRow = typeof userCoupons.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A package as its reader sees it: name, description and badges (tags) in the reader's language. */
export const toPackage = (row: PackageRow, locale: Locale = 'zh-Hans'): GoldPackage => ({
  ...localize({ name: row.name, description: row.description, tags: row.tags }, row.i18n, locale),
  id: row.id,
  packageType: row.packageType,
  priceFen: row.priceFen,
  originalPriceFen: row.originalPriceFen,
  goldPrice: goldForFen(row.priceFen),
  gold: row.gold,
  vipDays: row.vipDays,
  vipLevel: row.vipLevel,
  status: row.status,
  obtainMethod: row.obtainMethod,
  orderNo: row.orderNo,
  metadata: { ...row.metadata, os: row.metadata.os ?? 'all' },
});

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  orderNo: row.orderNo,
  packageId: row.packageId,
  packageName: row.packageName,
  payMethod: row.payMethod,
  state: row.state,
  originalFen: row.originalFen,
  discountFen: row.discountFen,
  amountFen: row.amountFen,
  goldCost: row.goldCost,
  couponId: row.couponId,
  gold: row.gold,
  vipDays: row.vipDays,
  // Pay parameters matter only while the order can still be paid.
  payParams: row.state === 'pending' ? ((row.payParams as PayParams | null) ?? null) : null,
  expireTime: row.expiresAt.toISOString(),
  payTime: iso(row.paidAt),
  cancelTime: iso(row.canceledAt),
  refundTime: iso(row.refundedAt),
  vipExpireAfter: iso(row.vipExpireAfter),
  createTime: row.createdAt.toISOString(),
});

/** usable / reserved / used, or expired by the clock (an unused coupon past valid_until). */
export const couponStateOf = (row: CouponRow, now: Date): Coupon['state'] => {
  if (row.state === 'used') return 'used';
  if (row.state === 'reserved') return 'reserved';
  return row.validUntil.getTime() <= now.getTime() ? 'expired' : 'usable';
};

/** A held coupon as its reader sees it: name and description in the reader's language. */
export const toCoupon = (row: CouponRow, now: Date, locale: Locale = 'zh-Hans'): Coupon => ({
  ...localize({ name: row.name, description: row.description }, row.i18n, locale),
  id: row.id,
  templateId: row.templateId,
  type: row.type as Coupon['type'],
  value: row.value,
  threshold: row.threshold,
  packageId: row.packageId,
  validFrom: row.validFrom.toISOString(),
  validUntil: row.validUntil.toISOString(),
  state: couponStateOf(row, now),
  orderId: row.orderId,
  useTime: iso(row.usedAt),
  createTime: row.createdAt.toISOString(),
});
