// Public entry of the commerce module (gold packages, orders and payment, coupons, referral, ambassadors).
export { registerCommerceRoutes } from './commerce.routes.js';
export { seedCommerce } from './commerce.seed.js';
