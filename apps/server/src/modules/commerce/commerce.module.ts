import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createAmbassadorService } from './ambassador/ambassador.service.js';
import { createBillService } from './bills/bill.service.js';
import { createCommerceRepositories } from './commerce.repository.js';
import { createCodeGuessLimit } from './coupons/code-guess-limit.js';
import { createCommerceEditors } from './console/editors.js';
import { createCommerceConsoleViews } from './console/views.js';
import { createCouponService } from './coupons/coupon.service.js';
import { createOfflinePayService } from './offline-pay/offline-pay.service.js';
import { createOrderService } from './orders/order.service.js';
import { createPackageService } from './packages/package.service.js';
import { createReferralService } from './referral/referral.service.js';
import { createWelfareService } from './referral/welfare.service.js';

const EXPIRY_SWEEP_MS = 60_000;

/**
 * Commerce's services, built once per app: orders and payment, packages, coupons, bills, referral, welfare
 * and ambassadors, and the console's views and editors of them.
 */
export const createCommerceModule = (platform: Platform) => {
  const { db, clock, config } = platform;
  // Every repository commerce's services use, made once and handed to each of them.
  const store = createCommerceRepositories(db);
  const gateways = platform.providers.pay;
  const orders = createOrderService({
    store,
    db,
    clock,
    config,
    gateways,
    hub: platform.hub,
    log: platform.log,
    noticeInTx: platform.noticeInTx,
  });
  const packages = createPackageService({ store, cache: platform.cache, quote: orders });
  const guesses = createCodeGuessLimit({ store, clock });
  const coupons = createCouponService({ store, clock, orders, guesses });
  const bills = createBillService({ store, orders });
  const referrals = createReferralService({ store, rewardGold: config.REFERRAL_REWARD_GOLD, guesses });
  const ambassadors = createAmbassadorService({
    store,
    clock,
    storage: platform.storage,
    noticeInTx: platform.noticeInTx,
    log: platform.log,
  });
  const welfare = createWelfareService({
    db,
    store,
    ambassadors,
    referralRewardGold: config.REFERRAL_REWARD_GOLD,
  });
  const offlinePay = createOfflinePayService({
    store,
    clock,
    initialInstructions: config.OFFLINE_PAY_INSTRUCTIONS,
    storage: platform.storage,
  });
  const consoleViews = createCommerceConsoleViews({ db, store, ambassadors, storage: platform.storage });
  const consoleAdmin = createCommerceEditors({ store, clock });
  return {
    gateways,
    orders,
    offlinePay,
    packages,
    coupons,
    bills,
    referrals,
    ambassadors,
    welfare,
    consoleViews,
    consoleAdmin,
  };
};
export type CommerceModule = ReturnType<typeof createCommerceModule>;

/**
 * Commerce: its services (the console drives some), the pending orders' expiry sweep, its routes and the
 * payment gateways' notify routes.
 */
export const commerceModule = defineModule({
  name: 'commerce',
  create: createCommerceModule,
  jobs: (runner, commerce) => {
    // Pending orders past their time expire (coupons released) even when nobody reads them.
    runner.every('order_expiry', EXPIRY_SWEEP_MS, async () => ({
      expired: await commerce.orders.expireDue(),
    }));
  },
  routes: async (app, commerce, platform) => {
    const { registerPayNotifyRoutes } = await import('./orders/pay-notify.routes.js');
    registerPayNotifyRoutes(app, { gateways: commerce.gateways, orders: commerce.orders, log: platform.log });
    (await import('./commerce.routes.js')).registerCommerceRoutes(app, commerce);
  },
});
