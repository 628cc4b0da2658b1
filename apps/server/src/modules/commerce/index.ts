// Public entry of the commerce module (gold packages, orders and payment, coupons, referral, ambassadors).
export { registerCommerceRoutes } from './commerce.routes.js';
export { seedCommerce } from './commerce.seed.js';
export { createCommerceConsoleViews, type CommerceConsoleViews } from './console.views.js';
export type { OrderService } from './order.service.js';
export type { AmbassadorService } from './ambassador.service.js';
export { grantActivityCoupon, ACTIVITY_COUPON_VALID_DAYS } from './coupon.service.js';
export { createCommerceAdmin } from './console.admin.js';
