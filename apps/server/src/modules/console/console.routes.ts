import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import './console.messages.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf, type Actor } from '../../platform/audit/audit.js';
import type { ConsoleModule } from './console.module.js';

/**
 * The operator console's API: every endpoint is `auth: 'admin'` (the role is read from the user's
 * row with each request) and every change writes its audit row in its own transaction, inside the module
 * that owns the data. The services are built by console.module.ts (the other modules' by their own).
 */
export const registerConsoleRoutes = (app: FastifyInstance, services: ConsoleModule) => {
  const { accounts, reads, dashboard, profiles, tell, moderation, commonInfo, templates, commerceViews } =
    services;
  registerEndpoint(app, endpoints.consoleDashboard, ({ auth }) => dashboard(auth.tenantId));
  registerEndpoint(app, endpoints.consoleMe, ({ auth }) => reads.me(auth.tenantId, auth.uid));
  registerEndpoint(app, endpoints.consoleQueues, ({ auth }) => reads.queues(auth.tenantId));
  registerEndpoint(app, endpoints.consoleAuditPage, ({ auth, body }) => reads.auditPage(auth.tenantId, body));

  // Real-name.
  registerEndpoint(app, endpoints.consoleRealNamePage, ({ auth, body }) =>
    services.realName.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleRealNameReveal, (input) =>
    services.realName.reveal(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleRealNameApprove, async (input) =>
    services.realName.consoleItem(await services.realName.approve(actorOf(input), input.body.id)),
  );
  registerEndpoint(app, endpoints.consoleRealNameReject, async (input) =>
    services.realName.consoleItem(
      await services.realName.reject(actorOf(input), input.body.id, input.body.reason),
    ),
  );

  // Ambassadors.
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationPage, ({ auth, body }) =>
    commerceViews.applicationPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionPage, ({ auth, body }) =>
    commerceViews.submissionPage(auth.tenantId, body),
  );
  /** The review step of an ambassador queue: decide, tell the applicant, answer the console's row. */
  const ambassadorReview =
    <T>(queue: {
      review: (
        actor: Actor,
        body: { id: number; approve: boolean; note?: string },
      ) => Promise<{ userId: number }>;
      view: (tenantId: number, id: number) => Promise<T>;
      notices: { approved: string; rejected: string };
    }) =>
    async (actor: Actor, body: { id: number; reason?: string | undefined }, approve: boolean): Promise<T> => {
      const { id, reason } = body;
      const row = await queue.review(actor, { id, approve, ...(reason ? { note: reason } : {}) });
      await tell(actor, row.userId, approve ? queue.notices.approved : queue.notices.rejected, {
        reason: reason ?? '',
      });
      return queue.view(actor.tenantId, id);
    };
  const reviewApplication = ambassadorReview({
    review: services.ambassadors.reviewApplication,
    view: commerceViews.application,
    notices: {
      approved: 'console_ambassador_application_approved',
      rejected: 'console_ambassador_application_rejected',
    },
  });
  const reviewSubmission = ambassadorReview({
    review: services.ambassadors.reviewSubmission,
    view: commerceViews.submission,
    notices: {
      approved: 'console_ambassador_submission_approved',
      rejected: 'console_ambassador_submission_rejected',
    },
  });
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
    const actor = actorOf(input);
    const order = await services.orders.confirmOffline(actor, input.body.id, input.body.remark);
    const detail = await commerceViews.order(actor.tenantId, order.id);
    await tell(actor, detail.user.id, 'console_offline_confirmed', { orderNo: order.orderNo });
    return detail;
  });
  registerEndpoint(app, endpoints.consoleOfflineReject, async (input) => {
    const actor = actorOf(input);
    const row = await services.orders.rejectOffline(actor, input.body.id, input.body.reason);
    await tell(actor, row.userId, 'console_offline_rejected', {
      orderNo: row.orderNo,
      reason: input.body.reason,
    });
    return commerceViews.order(actor.tenantId, row.id);
  });
  registerEndpoint(app, endpoints.consoleOrderRefundPreview, ({ auth, params }) =>
    services.orders.refundPreview(auth.tenantId, params.id),
  );
  registerEndpoint(app, endpoints.consoleOrderRefund, async (input) => {
    const actor = actorOf(input);
    const order = await services.orders.refund(
      actor,
      input.body.id,
      input.body.reason,
      input.body.acceptShortfall,
    );
    const detail = await commerceViews.order(actor.tenantId, order.id);
    await tell(actor, detail.user.id, 'console_order_refunded', {
      orderNo: order.orderNo,
      reason: input.body.reason,
    });
    return detail;
  });

  // Mall shipping.
  registerEndpoint(app, endpoints.consoleShippingPage, ({ auth, body }) =>
    services.mall.shippingPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleShip, async (input) => {
    const actor = actorOf(input);
    const shipped = await services.mall.ship(actor, input.body);
    await tell(actor, shipped.user.id, 'console_mall_shipped', {
      name: shipped.itemName,
      courier: input.body.courier,
      trackingNo: input.body.trackingNo,
    });
    return shipped;
  });

  // Feedback (the reply reaches the user in the message centre, from customer service).
  registerEndpoint(app, endpoints.consoleFeedbackPage, ({ auth, body }) =>
    services.help.consoleFeedbackPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleFeedbackReply, (input) =>
    services.help.handleFeedback(actorOf(input), input.body),
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
  registerEndpoint(app, endpoints.consoleSensitiveWordPage, ({ auth, body }) =>
    services.sensitiveWords.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordAdd, (input) =>
    services.sensitiveWords.consoleAdd(actorOf(input), input.body.words, input.body.category),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordImport, (input) =>
    services.sensitiveWords.consoleAdd(
      actorOf(input),
      input.body.text.split(/\r?\n/),
      input.body.category,
      'sensitive_word.import',
    ),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordRemove, (input) =>
    services.sensitiveWords.consoleRemove(actorOf(input), input.body.ids),
  );

  // Banners, notices, help FAQ; the robot's and customer service's profiles.
  registerEndpoint(app, endpoints.consoleCommonInfoPage, ({ auth, body }) =>
    commonInfo.page(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleCommonInfoAdd, (input) =>
    commonInfo.add(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCommonInfoUpdate, (input) =>
    commonInfo.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCommonInfoDelete, (input) =>
    commonInfo.remove(actorOf(input), input.body.id),
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
  registerEndpoint(app, endpoints.consoleUserPage, ({ auth, body }) => accounts.page(auth.tenantId, body));
  registerEndpoint(app, endpoints.consoleUserDetail, ({ auth, query }) =>
    accounts.detail(auth.tenantId, query.userId),
  );
  registerEndpoint(app, endpoints.consoleUserOrders, ({ auth, body }) =>
    commerceViews.orderPage(auth.tenantId, { ...body, filters: { userId: body.filters.userId } }),
  );
  registerEndpoint(app, endpoints.consoleUserLedger, ({ auth, body }) =>
    accounts.ledger(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleUserSessions, ({ auth, query }) =>
    accounts.sessions(auth.tenantId, query.userId),
  );
  registerEndpoint(app, endpoints.consoleUserBan, (input) => accounts.ban(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consoleUserUnban, (input) => accounts.unban(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consoleUserGrant, async (input) => {
    const actor = actorOf(input);
    const user = await accounts.grant(actor, input.body);
    await tell(actor, user.id, 'console_user_granted', {
      what: `${input.body.kind} ${input.body.amount > 0 ? '+' : ''}${input.body.amount}`,
      reason: input.body.reason,
    });
    return user;
  });
  registerEndpoint(app, endpoints.consoleUserResetPassword, (input) =>
    accounts.resetPassword(actorOf(input), input.body),
  );
};
