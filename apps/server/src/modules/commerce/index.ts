// Public entry of the commerce module (gold packages, orders and payment, coupons, referral, ambassadors).
export { registerCommerceModule } from './commerce.module.js';
export { seedCommerce } from './commerce.seed.js';
export type { CommerceConsoleViews } from './console.views.js';
export type { OrderService } from './order.service.js';
export type { AmbassadorService } from './ambassador.service.js';
export { grantActivityCoupon, ACTIVITY_COUPON_VALID_DAYS } from './coupon.service.js';
export type { CommerceAdmin } from './console.admin.js';
