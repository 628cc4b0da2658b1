import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/identity/actor.js';
import type { CommerceModule } from './commerce.module.js';

/** Membership and commerce: packages, orders, coupons, bills, referral and ambassadors (built by commerce.module.ts). */
export const registerCommerceRoutes = (
  app: FastifyInstance,
  { packages, orders, bills, coupons, referrals, welfare, ambassadors }: CommerceModule,
) => {
  // Packages.
  // Names, descriptions and badges in the caller's language.
  registerEndpoint(app, endpoints.goldPackagePage, ({ body, tenantId, locale }) =>
    packages.page(tenantId, body, locale),
  );
  registerEndpoint(app, endpoints.goldPackageList, ({ query, tenantId, locale }) =>
    packages.list(tenantId, query, locale),
  );
  registerEndpoint(app, endpoints.goldPackageDetail, ({ query, tenantId, locale }) =>
    packages.detail(tenantId, query.id, locale),
  );

  // Orders.
  registerEndpoint(
    app,
    endpoints.buyGoldPackage,
    ({ body, auth, ip }) => orders.buy(auth.tenantId, auth.uid, body, ip),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.orderDetail, ({ query, auth }) =>
    orders.detail(auth.tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.orderCancel, ({ body, auth }) =>
    orders.cancel(auth.tenantId, auth.uid, body.id),
  );
  registerEndpoint(app, endpoints.orderConfirmOffline, (input) =>
    orders.confirmOffline(actorOf(input), input.body.id, input.body.remark),
  );
  registerEndpoint(app, endpoints.orderRefund, (input) =>
    orders.refund(actorOf(input), input.body.id, input.body.remark, input.body.acceptShortfall),
  );
  registerEndpoint(app, endpoints.orderAdminPage, ({ body, auth }) => orders.adminPage(auth.tenantId, body));
  registerEndpoint(app, endpoints.goldPackageOrderPage, ({ body, auth }) =>
    orders.myOrders(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.todayFreeNumber, ({ auth }) => orders.todayFree(auth.tenantId, auth.uid));

  // Bills.
  registerEndpoint(app, endpoints.goldPackageBillPage, ({ body, auth }) =>
    bills.page(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.goldPackageBillCalendar, ({ query, auth }) =>
    bills.calendar(auth.tenantId, auth.uid, query.month, query.currency),
  );
  registerEndpoint(app, endpoints.goldPackageBillDetail, ({ query, auth }) =>
    bills.detail(auth.tenantId, auth.uid, query.id),
  );

  // Coupons.
  // Coupon names and descriptions in the caller's language.
  registerEndpoint(app, endpoints.couponPage, ({ body, auth, locale }) =>
    coupons.page(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(
    app,
    endpoints.couponExchange,
    ({ body, auth, locale }) => coupons.exchange(auth.tenantId, auth.uid, body.code, locale),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.applyCoupon, ({ body, auth, locale }) =>
    coupons.apply(auth.tenantId, auth.uid, body.packageId, locale),
  );
  registerEndpoint(app, endpoints.calculateDiscountedPrice, ({ body, auth }) =>
    coupons.calculate(auth.tenantId, auth.uid, body.packageId, body.couponId),
  );

  // Referral codes.
  registerEndpoint(app, endpoints.generateCouponCode, ({ auth }) =>
    referrals.generate(auth.tenantId, auth.uid),
  );
  registerEndpoint(app, endpoints.userCouponCodeList, ({ body, auth }) =>
    referrals.list(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.userCouponCodeDropdown, ({ auth }) =>
    referrals.dropdown(auth.tenantId, auth.uid),
  );
  registerEndpoint(
    app,
    endpoints.userCouponCodeBind,
    ({ body, auth }) => referrals.bind(auth.tenantId, auth.uid, body.code),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  // Welfare and ambassadors.
  registerEndpoint(app, endpoints.welfareInfo, ({ tenantId, auth, locale }) =>
    welfare.info(tenantId, auth?.uid, locale),
  );
  registerEndpoint(app, endpoints.ambassadorInfo, ({ auth, locale }) =>
    ambassadors.info(auth.tenantId, auth.uid, locale),
  );
  registerEndpoint(app, endpoints.ambassadorApply, ({ body, auth }) =>
    ambassadors.apply(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.ambassadorScreenshot, ({ body, auth }) =>
    ambassadors.submit(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.ambassadorResult, ({ query, auth }) =>
    ambassadors.results(auth.tenantId, auth.uid, query.taskId),
  );
  registerEndpoint(app, endpoints.ambassadorClaimReward, ({ body, auth }) =>
    ambassadors.claim(auth.tenantId, auth.uid, body.submissionId),
  );
  registerEndpoint(app, endpoints.ambassadorAdminApplications, ({ body, auth }) =>
    ambassadors.adminApplications(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminReviewApplication, (input) =>
    ambassadors.reviewApplication(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminSubmissions, ({ body, auth }) =>
    ambassadors.adminSubmissions(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminReviewSubmission, (input) =>
    ambassadors.reviewSubmission(actorOf(input), input.body),
  );
};
