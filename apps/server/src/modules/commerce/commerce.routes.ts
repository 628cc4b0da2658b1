import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { CommerceModule } from './commerce.module.js';

/** Membership and commerce: packages, orders, coupons, bills, referral and ambassadors (built by commerce.module.ts). */
export const registerCommerceRoutes = (app: FastifyInstance, commerce: CommerceModule) => {
  registerSalesRoutes(app, commerce);
  registerRewardRoutes(app, commerce);
};

/** What a user buys and pays: packages, orders (offline transfers too) and the bills they leave. */
const registerSalesRoutes = (app: FastifyInstance, { packages, orders, offlinePay, bills }: CommerceModule) => {
  // Packages.
  // Names, descriptions and badges in the caller's language.
  registerEndpoint(app, endpoints.goldPackagePage, ({ actor, body }) => packages.page(actor, body));
  registerEndpoint(app, endpoints.goldPackageList, ({ actor, query }) => packages.list(actor, query));
  registerEndpoint(app, endpoints.goldPackageDetail, ({ actor, query }) => packages.detail(actor, query.id));

  // Orders.
  registerEndpoint(app, endpoints.buyGoldPackage, ({ actor, body }) => orders.buy(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.orderDetail, ({ actor, query }) => orders.detail(actor, query));
  registerEndpoint(app, endpoints.orderCancel, ({ actor, body }) => orders.cancel(actor, body.id));
  registerEndpoint(app, endpoints.orderOfflinePay, ({ actor, query }) => offlinePay.order(actor, query.id));
  registerEndpoint(app, endpoints.orderTransferProof, ({ actor, body }) =>
    offlinePay.attachProof(actor, body.id, body.fileId),
  );
  registerEndpoint(app, endpoints.orderConfirmOffline, ({ actor, body }) =>
    orders.confirmOffline(actor, body.id, body.remark),
  );
  registerEndpoint(app, endpoints.orderRefund, ({ actor, body }) =>
    orders.refund(actor, body.id, body.remark, body.acceptShortfall),
  );
  registerEndpoint(app, endpoints.orderAdminPage, ({ actor, body }) => orders.adminPage(actor, body));
  registerEndpoint(app, endpoints.goldPackageOrderPage, ({ actor, body }) => orders.myOrders(actor, body));
  registerEndpoint(app, endpoints.todayFreeNumber, ({ actor }) => orders.todayFree(actor));

  // Bills.
  registerEndpoint(app, endpoints.goldPackageBillPage, ({ actor, body }) => bills.page(actor, body));
  registerEndpoint(app, endpoints.goldPackageBillCalendar, ({ actor, query }) =>
    bills.calendar(actor, query.month, query.currency),
  );
  registerEndpoint(app, endpoints.goldPackageBillDetail, ({ actor, query }) => bills.detail(actor, query.id));
};

/** What a user is given: coupons, referral codes, welfare and ambassador rewards. */
const registerRewardRoutes = (
  app: FastifyInstance,
  { coupons, referrals, welfare, ambassadors }: CommerceModule,
) => {
  // Coupons.
  // Coupon names and descriptions in the caller's language.
  registerEndpoint(app, endpoints.couponPage, ({ actor, body }) => coupons.page(actor, body));
  registerEndpoint(app, endpoints.couponExchange, ({ actor, body }) => coupons.exchange(actor, body.code), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.applyCoupon, ({ actor, body }) => coupons.apply(actor, body.packageId));
  registerEndpoint(app, endpoints.calculateDiscountedPrice, ({ actor, body }) =>
    coupons.calculate(actor, body.packageId, body.couponId),
  );

  // Referral codes.
  registerEndpoint(app, endpoints.generateCouponCode, ({ actor }) => referrals.generate(actor));
  registerEndpoint(app, endpoints.userCouponCodeList, ({ actor, body }) => referrals.list(actor, body));
  registerEndpoint(app, endpoints.userCouponCodeDropdown, ({ actor }) => referrals.dropdown(actor));
  registerEndpoint(app, endpoints.userCouponCodeBind, ({ actor, body }) => referrals.bind(actor, body.code), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });

  // Welfare and ambassadors.
  // A visitor's actor has uid 0: the coupons show unclaimed.
  registerEndpoint(app, endpoints.welfareInfo, ({ actor }) => welfare.info(actor));
  registerEndpoint(app, endpoints.ambassadorInfo, ({ actor }) => ambassadors.info(actor));
  registerEndpoint(app, endpoints.ambassadorApply, ({ actor, body }) => ambassadors.apply(actor, body));
  registerEndpoint(app, endpoints.ambassadorScreenshot, ({ actor, body }) => ambassadors.submit(actor, body));
  registerEndpoint(app, endpoints.ambassadorResult, ({ actor, query }) =>
    ambassadors.results(actor, query.taskId),
  );
  registerEndpoint(app, endpoints.ambassadorClaimReward, ({ actor, body }) =>
    ambassadors.claim(actor, body.submissionId),
  );
  registerEndpoint(app, endpoints.ambassadorAdminApplications, ({ actor, body }) =>
    ambassadors.adminApplications(actor, body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminReviewApplication, ({ actor, body }) =>
    ambassadors.reviewApplication(actor, body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminSubmissions, ({ actor, body }) =>
    ambassadors.adminSubmissions(actor, body),
  );
  registerEndpoint(app, endpoints.ambassadorAdminReviewSubmission, ({ actor, body }) =>
    ambassadors.reviewSubmission(actor, body),
  );
};
