import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { ConsoleModule } from './console.module.js';
import { registerProvenanceRoute } from './provenance.routes.js';

/**
 * The operator console's API: every endpoint is `auth: 'admin'` (the role is read from the user's
 * row with each request) and every change writes its audit row in its own transaction, inside the module
 * that owns the data. The services are built by console.module.ts (the other modules' by their own).
 */
export const registerConsoleRoutes = (app: FastifyInstance, services: ConsoleModule) => {
  registerProvenanceRoute(app, services.provenance);
  const { accounts, reads, dashboard, profiles, moderation, commonInfo, templates, commerceViews } = services;
  registerEndpoint(app, endpoints.consoleDashboard, ({ actor }) => dashboard(actor));
  registerEndpoint(app, endpoints.consoleMe, ({ actor }) => reads.me(actor));
  registerEndpoint(app, endpoints.consoleQueues, ({ actor }) => reads.queues(actor));
  registerEndpoint(app, endpoints.consoleAuditPage, ({ actor, body }) => reads.auditPage(actor, body));

  // Real-name.
  registerEndpoint(app, endpoints.consoleRealNamePage, ({ actor, body }) =>
    services.realName.consolePage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleRealNameReveal, ({ actor, body }) =>
    services.realName.reveal(actor, body.id),
  );
  registerEndpoint(app, endpoints.consoleRealNameApprove, async ({ actor, body }) =>
    services.realName.consoleItem(await services.realName.approve(actor, body.id)),
  );
  registerEndpoint(app, endpoints.consoleRealNameReject, async ({ actor, body }) =>
    services.realName.consoleItem(await services.realName.reject(actor, body.id, body.reason)),
  );

  // Ambassadors.
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationPage, ({ actor, body }) =>
    commerceViews.applicationPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionPage, ({ actor, body }) =>
    commerceViews.submissionPage(actor, body),
  );
  /** The review step of an ambassador queue (the service tells the applicant), answered as the console's row. */
  const reviewed =
    <T>(
      review: (actor: Actor, body: { id: number; approve: boolean; note?: string }) => Promise<unknown>,
      view: (actor: Actor, id: number) => Promise<T>,
    ) =>
    async (actor: Actor, { id, reason }: { id: number; reason?: string | undefined }, approve: boolean) => {
      await review(actor, { id, approve, ...(reason ? { note: reason } : {}) });
      return view(actor, id);
    };
  const reviewApplication = reviewed(services.ambassadors.reviewApplication, commerceViews.application);
  const reviewSubmission = reviewed(services.ambassadors.reviewSubmission, commerceViews.submission);
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationApprove, ({ actor, body }) =>
    reviewApplication(actor, body, true),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationReject, ({ actor, body }) =>
    reviewApplication(actor, body, false),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionApprove, ({ actor, body }) =>
    reviewSubmission(actor, body, true),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionReject, ({ actor, body }) =>
    reviewSubmission(actor, body, false),
  );

  // Reports and content.
  registerEndpoint(app, endpoints.consoleReportPage, ({ actor, body }) => moderation.reportPage(actor, body));
  registerEndpoint(app, endpoints.consoleReportResolve, async ({ actor, body }) => {
    let banned: number | null = null;
    const report = await moderation.resolveReport(actor, body, async (tx, userId, days, reason) => {
      await accounts.banInTx(tx, actor, userId, days, reason);
      banned = userId;
    });
    if (banned !== null) await accounts.afterBan(banned);
    return report;
  });
  registerEndpoint(app, endpoints.consoleContentPage, ({ actor, body }) =>
    moderation.contentPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleContentTakeDown, ({ actor, body }) =>
    moderation.takeDown(actor, body.id, body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentRestore, ({ actor, body }) =>
    moderation.restore(actor, body.id, body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentApprove, ({ actor, body }) =>
    moderation.approveReview(actor, body.id, body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentReject, ({ actor, body }) =>
    moderation.rejectReview(actor, body.id, body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentPin, ({ actor, body }) =>
    moderation.pin(actor, body.id, body.pinned),
  );
  registerEndpoint(app, endpoints.consoleCommentPage, ({ actor, body }) =>
    moderation.commentPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleCommentDelete, ({ actor, body }) =>
    moderation.deleteComment(actor, body.id, body.reason),
  );

  // Orders and offline payments.
  registerEndpoint(app, endpoints.consoleOrderPage, ({ actor, body }) =>
    commerceViews.orderPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleOrderDetail, ({ actor, params }) =>
    commerceViews.order(actor, params.id),
  );
  registerEndpoint(app, endpoints.consoleOfflineConfirm, async ({ actor, body }) => {
    const order = await services.orders.confirmOffline(actor, body.id, body.remark);
    return commerceViews.order(actor, order.id);
  });
  registerEndpoint(app, endpoints.consoleOfflineReject, async ({ actor, body }) => {
    const row = await services.orders.rejectOffline(actor, body.id, body.reason);
    return commerceViews.order(actor, row.id);
  });
  registerEndpoint(app, endpoints.consoleOfflinePaySettings, ({ actor }) => services.offlinePay.settings(actor));
  registerEndpoint(app, endpoints.consoleOfflinePayUpdate, ({ actor, body }) =>
    services.offlinePay.update(actor, body),
  );
  registerEndpoint(app, endpoints.consoleOrderRefundPreview, ({ actor, params }) =>
    services.orders.refundPreview(actor, params.id),
  );
  registerEndpoint(app, endpoints.consoleOrderRefund, async ({ actor, body }) => {
    const order = await services.orders.refund(actor, body.id, body.reason, body.acceptShortfall);
    return commerceViews.order(actor, order.id);
  });

  // Mall shipping.
  registerEndpoint(app, endpoints.consoleShippingPage, ({ actor, body }) =>
    services.mall.shippingPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleShip, ({ actor, body }) => services.mall.ship(actor, body));

  // Feedback (the reply reaches the user in the message centre, from customer service).
  registerEndpoint(app, endpoints.consoleFeedbackPage, ({ actor, body }) =>
    services.help.consoleFeedbackPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleFeedbackReply, ({ actor, body }) =>
    services.help.handleFeedback(actor, body),
  );

  // Mall items, prizes and check-in rules.
  registerEndpoint(app, endpoints.consoleMallItemPage, ({ actor, body }) =>
    services.mall.consolePage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleMallItemAdd, ({ actor, body }) => services.mall.add(actor, body));
  registerEndpoint(app, endpoints.consoleMallItemUpdate, ({ actor, body }) =>
    services.mall.update(actor, body),
  );
  registerEndpoint(app, endpoints.consoleMallItemDelete, ({ actor, body }) =>
    services.mall.remove(actor, body.id),
  );
  registerEndpoint(app, endpoints.consolePrizeList, ({ actor }) => services.draw.adminList(actor));
  registerEndpoint(app, endpoints.consolePrizeAdd, ({ actor, body }) => services.draw.add(actor, body));
  registerEndpoint(app, endpoints.consolePrizeUpdate, ({ actor, body }) => services.draw.update(actor, body));
  registerEndpoint(app, endpoints.consolePrizeDelete, ({ actor, body }) =>
    services.draw.remove(actor, body.id),
  );
  registerEndpoint(app, endpoints.consoleCheckInRules, ({ actor }) =>
    services.dictionary.checkInRules(actor),
  );
  registerEndpoint(app, endpoints.consoleCheckInRulesUpdate, ({ actor, body }) =>
    services.dictionary.updateCheckInRules(actor, body),
  );

  // Dictionaries and app_config (every change raises the dictionary's version, so apps refetch).
  registerEndpoint(app, endpoints.consoleDictPage, ({ actor, body }) =>
    services.dictionary.page(actor, {
      page: body.page,
      pageSize: body.pageSize,
      ...(body.filters.name ? { name: body.filters.name } : {}),
      ...(body.filters.keyword ? { label: body.filters.keyword } : {}),
    }),
  );
  registerEndpoint(app, endpoints.consoleDictAdd, ({ actor, body }) => services.dictionary.add(actor, body));
  registerEndpoint(app, endpoints.consoleDictUpdate, ({ actor, body }) =>
    services.dictionary.update(actor, body),
  );
  registerEndpoint(app, endpoints.consoleDictDelete, ({ actor, body }) =>
    services.dictionary.remove(actor, body.id),
  );
  registerEndpoint(app, endpoints.consoleAppConfig, ({ actor }) => services.dictionary.appConfig(actor));
  registerEndpoint(app, endpoints.consoleAppConfigUpdate, ({ actor, body }) =>
    services.dictionary.updateAppConfig(actor, body.values),
  );

  // Sensitive words.
  registerEndpoint(app, endpoints.consoleSensitiveWordPage, ({ actor, body }) =>
    services.sensitiveWords.consolePage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordAdd, ({ actor, body }) =>
    services.sensitiveWords.consoleAdd(actor, body.words, body.category),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordImport, ({ actor, body }) =>
    services.sensitiveWords.consoleAdd(
      actor,
      body.text.split(/\r?\n/),
      body.category,
      'sensitive_word.import',
    ),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordRemove, ({ actor, body }) =>
    services.sensitiveWords.consoleRemove(actor, body.ids),
  );

  // Banners, notices, help FAQ; the robot's and customer service's profiles.
  registerEndpoint(app, endpoints.consoleCommonInfoPage, ({ actor, body }) => commonInfo.page(actor, body));
  registerEndpoint(app, endpoints.consoleCommonInfoAdd, ({ actor, body }) => commonInfo.add(actor, body));
  registerEndpoint(app, endpoints.consoleCommonInfoUpdate, ({ actor, body }) =>
    commonInfo.update(actor, body),
  );
  registerEndpoint(app, endpoints.consoleCommonInfoDelete, ({ actor, body }) =>
    commonInfo.remove(actor, body.id),
  );
  registerEndpoint(app, endpoints.consoleProfiles, ({ actor }) => profiles.list(actor));
  registerEndpoint(app, endpoints.consoleProfileUpdate, ({ actor, body }) => profiles.update(actor, body));

  // Packages and coupon batches.
  registerEndpoint(app, endpoints.consolePackagePage, ({ actor, body }) =>
    services.commerceAdmin.packagePage(actor, body),
  );
  registerEndpoint(app, endpoints.consolePackageAdd, ({ actor, body }) =>
    services.commerceAdmin.addPackage(actor, body),
  );
  registerEndpoint(app, endpoints.consolePackageUpdate, ({ actor, body }) =>
    services.commerceAdmin.updatePackage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchPage, ({ actor, body }) =>
    services.commerceAdmin.batchPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchAdd, ({ actor, body }) =>
    services.commerceAdmin.addBatch(actor, body),
  );
  registerEndpoint(app, endpoints.consoleCouponCodePage, ({ actor, body }) =>
    services.commerceAdmin.codePage(actor, body),
  );

  // Prompt templates.
  registerEndpoint(app, endpoints.consolePromptTemplatePage, ({ actor, body }) =>
    templates.page(actor, body),
  );
  registerEndpoint(app, endpoints.consolePromptTemplateAdd, ({ actor, body }) => templates.add(actor, body));
  registerEndpoint(app, endpoints.consolePromptTemplateUpdate, ({ actor, body }) =>
    templates.update(actor, body),
  );

  // Users.
  registerEndpoint(app, endpoints.consoleUserPage, ({ actor, body }) => accounts.page(actor, body));
  registerEndpoint(app, endpoints.consoleUserDetail, ({ actor, query }) =>
    accounts.detail(actor, query.userId),
  );
  registerEndpoint(app, endpoints.consoleUserOrders, ({ actor, body }) =>
    commerceViews.orderPage(actor, { ...body, filters: { userId: body.filters.userId } }),
  );
  registerEndpoint(app, endpoints.consoleUserLedger, ({ actor, body }) => accounts.ledger(actor, body));
  registerEndpoint(app, endpoints.consoleUserSessions, ({ actor, query }) =>
    accounts.sessions(actor, query.userId),
  );
  registerEndpoint(app, endpoints.consoleUserBan, ({ actor, body }) => accounts.ban(actor, body));
  registerEndpoint(app, endpoints.consoleUserUnban, ({ actor, body }) => accounts.unban(actor, body));
  registerEndpoint(app, endpoints.consoleUserGrant, ({ actor, body }) => accounts.grant(actor, body));
  registerEndpoint(app, endpoints.consoleUserResetPassword, ({ actor, body }) =>
    accounts.resetPassword(actor, body),
  );
};
