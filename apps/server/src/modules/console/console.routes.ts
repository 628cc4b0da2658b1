import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf, type Actor } from '../../platform/identity/actor.js';
import type { ConsoleModule } from './console.module.js';

/**
 * The operator console's API: every endpoint is `auth: 'admin'` (the role is read from the user's
 * row with each request) and every change writes its audit row in its own transaction, inside the module
 * that owns the data. The services are built by console.module.ts (the other modules' by their own).
 */
export const registerConsoleRoutes = (app: FastifyInstance, services: ConsoleModule) => {
  const { accounts, reads, dashboard, profiles, moderation, commonInfo, templates, commerceViews } = services;
  registerEndpoint(app, endpoints.consoleDashboard, ({ auth }) => dashboard(auth.tenantId));
  registerEndpoint(app, endpoints.consoleMe, ({ auth }) => reads.me(auth.tenantId, auth.uid));
  registerEndpoint(app, endpoints.consoleQueues, ({ auth }) => reads.queues(auth.tenantId));
  registerEndpoint(app, endpoints.consoleAuditPage, ({ auth, body }) => reads.auditPage(auth.tenantId, body));

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
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationPage, ({ auth, body }) =>
    commerceViews.applicationPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionPage, ({ auth, body }) =>
    commerceViews.submissionPage(auth.tenantId, body),
  );
  /** The review step of an ambassador queue (the service tells the applicant), answered as the console's row. */
  const reviewed =
    <T>(
      review: (actor: Actor, body: { id: number; approve: boolean; note?: string }) => Promise<unknown>,
      view: (tenantId: number, id: number) => Promise<T>,
    ) =>
    async (actor: Actor, { id, reason }: { id: number; reason?: string | undefined }, approve: boolean) => {
      await review(actor, { id, approve, ...(reason ? { note: reason } : {}) });
      return view(actor.tenantId, id);
    };
  const reviewApplication = reviewed(services.ambassadors.reviewApplication, commerceViews.application);
  const reviewSubmission = reviewed(services.ambassadors.reviewSubmission, commerceViews.submission);
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationApprove, (input) =>
    reviewApplication(actorOf(input), input.body, true),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationReject, (input) =>
    reviewApplication(actorOf(input), input.body, false),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionApprove, (input) =>
    reviewSubmission(actorOf(input), input.body, true),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionReject, (input) =>
    reviewSubmission(actorOf(input), input.body, false),
  );

  // Reports and content.
  registerEndpoint(app, endpoints.consoleReportPage, ({ auth, body }) =>
    moderation.reportPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleReportResolve, async (input) => {
    const actor = actorOf(input);
    let banned: number | null = null;
    const report = await moderation.resolveReport(actor, input.body, async (tx, userId, days, reason) => {
      await accounts.banInTx(tx, actor, userId, days, reason);
      banned = userId;
    });
    if (banned !== null) await accounts.afterBan(banned);
    return report;
  });
  registerEndpoint(app, endpoints.consoleContentPage, ({ auth, body }) =>
    moderation.contentPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleContentTakeDown, (input) =>
    moderation.takeDown(actorOf(input), input.body.id, input.body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentRestore, (input) =>
    moderation.restore(actorOf(input), input.body.id, input.body.reason),
  );
  registerEndpoint(app, endpoints.consoleContentPin, (input) =>
    moderation.pin(actorOf(input), input.body.id, input.body.pinned),
  );
  registerEndpoint(app, endpoints.consoleCommentPage, ({ auth, body }) =>
    moderation.commentPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleCommentDelete, (input) =>
    moderation.deleteComment(actorOf(input), input.body.id, input.body.reason),
  );

  // Orders and offline payments.
  registerEndpoint(app, endpoints.consoleOrderPage, ({ auth, body }) =>
    commerceViews.orderPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleOrderDetail, ({ auth, params }) =>
    commerceViews.order(auth.tenantId, params.id),
  );
  registerEndpoint(app, endpoints.consoleOfflineConfirm, async (input) => {
    const order = await services.orders.confirmOffline(actorOf(input), input.body.id, input.body.remark);
    return commerceViews.order(input.auth.tenantId, order.id);
  });
  registerEndpoint(app, endpoints.consoleOfflineReject, async (input) => {
    const row = await services.orders.rejectOffline(actorOf(input), input.body.id, input.body.reason);
    return commerceViews.order(input.auth.tenantId, row.id);
  });
  registerEndpoint(app, endpoints.consoleOrderRefundPreview, ({ auth, params }) =>
    services.orders.refundPreview(auth.tenantId, params.id),
  );
  registerEndpoint(app, endpoints.consoleOrderRefund, async (input) => {
    const { id, reason, acceptShortfall } = input.body;
    const order = await services.orders.refund(actorOf(input), id, reason, acceptShortfall);
    return commerceViews.order(input.auth.tenantId, order.id);
  });

  // Mall shipping.
  registerEndpoint(app, endpoints.consoleShippingPage, ({ auth, body }) =>
    services.mall.shippingPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleShip, (input) => services.mall.ship(actorOf(input), input.body));

  // Feedback (the reply reaches the user in the message centre, from customer service).
  registerEndpoint(app, endpoints.consoleFeedbackPage, ({ actor, body }) =>
    services.help.consoleFeedbackPage(actor, body),
  );
  registerEndpoint(app, endpoints.consoleFeedbackReply, ({ actor, body }) =>
    services.help.handleFeedback(actor, body),
  );

  // Mall items, prizes and check-in rules.
  registerEndpoint(app, endpoints.consoleMallItemPage, ({ auth, body }) =>
    services.mall.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleMallItemAdd, (input) =>
    services.mall.add(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleMallItemUpdate, (input) =>
    services.mall.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleMallItemDelete, (input) =>
    services.mall.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consolePrizeList, ({ auth }) => services.draw.adminList(auth.tenantId));
  registerEndpoint(app, endpoints.consolePrizeAdd, (input) => services.draw.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consolePrizeUpdate, (input) =>
    services.draw.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consolePrizeDelete, (input) =>
    services.draw.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleCheckInRules, ({ auth }) =>
    services.dictionary.checkInRules(auth.tenantId),
  );
  registerEndpoint(app, endpoints.consoleCheckInRulesUpdate, (input) =>
    services.dictionary.updateCheckInRules(actorOf(input), input.body),
  );

  // Dictionaries and app_config (every change raises the dictionary's version, so apps refetch).
  registerEndpoint(app, endpoints.consoleDictPage, ({ auth, body }) =>
    services.dictionary.page(auth.tenantId, {
      page: body.page,
      pageSize: body.pageSize,
      ...(body.filters.name ? { name: body.filters.name } : {}),
      ...(body.filters.keyword ? { label: body.filters.keyword } : {}),
    }),
  );
  registerEndpoint(app, endpoints.consoleDictAdd, (input) =>
    services.dictionary.add(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleDictUpdate, (input) =>
    services.dictionary.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleDictDelete, (input) =>
    services.dictionary.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleAppConfig, ({ auth }) =>
    services.dictionary.appConfig(auth.tenantId),
  );
  registerEndpoint(app, endpoints.consoleAppConfigUpdate, (input) =>
    services.dictionary.updateAppConfig(actorOf(input), input.body.values),
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
  registerEndpoint(app, endpoints.consoleProfiles, ({ auth }) => profiles.list(auth.tenantId));
  registerEndpoint(app, endpoints.consoleProfileUpdate, (input) =>
    profiles.update(actorOf(input), input.body),
  );

  // Packages and coupon batches.
  registerEndpoint(app, endpoints.consolePackagePage, ({ auth, body }) =>
    services.commerceAdmin.packagePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consolePackageAdd, (input) =>
    services.commerceAdmin.addPackage(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consolePackageUpdate, (input) =>
    services.commerceAdmin.updatePackage(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchPage, ({ auth, body }) =>
    services.commerceAdmin.batchPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchAdd, (input) =>
    services.commerceAdmin.addBatch(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCouponCodePage, ({ auth, body }) =>
    services.commerceAdmin.codePage(auth.tenantId, body),
  );

  // Prompt templates.
  registerEndpoint(app, endpoints.consolePromptTemplatePage, ({ auth, body }) =>
    templates.page(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consolePromptTemplateAdd, (input) =>
    templates.add(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consolePromptTemplateUpdate, (input) =>
    templates.update(actorOf(input), input.body),
  );

  // Users.
  registerEndpoint(app, endpoints.consoleUserPage, ({ actor, body }) => accounts.page(actor, body));
  registerEndpoint(app, endpoints.consoleUserDetail, ({ actor, query }) =>
    accounts.detail(actor, query.userId),
  );
  registerEndpoint(app, endpoints.consoleUserOrders, ({ auth, body }) =>
    commerceViews.orderPage(auth.tenantId, { ...body, filters: { userId: body.filters.userId } }),
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
