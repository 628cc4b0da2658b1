// Public entry of the commerce module (gold packages, orders and payment, coupons, referral, ambassadors).
export { commerceModule, type CommerceModule } from './commerce.module.js';
export { seedCommerce } from './commerce.seed.js';
export type { CommerceConsoleViews } from './console/views.js';
export type { OrderService } from './orders/order.service.js';
export type { OfflinePayService } from './offline-pay/offline-pay.service.js';
export type { AmbassadorService } from './ambassador/ambassador.service.js';
export {
  ACTIVITY_COUPON_VALID_DAYS,
  type ActivityCouponGrant,
  type ActivityCoupons,
  type CouponService,
} from './coupons/coupon.service.js';
export type { CommerceEditors } from './console/editors.js';
