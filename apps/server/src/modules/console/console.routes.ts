import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import './console.messages.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { actorOf, type Actor } from '../../platform/audit/audit.js';
import { noticeTexts, type NotifyInput } from '../../platform/notify.js';
import { createModerationService } from '../plaza/index.js';
import {
  realNameQueue,
  realNameStatuses,
  realNameSummary,
  type RealNameService,
} from '../real-name/index.js';
import {
  createCommerceAdmin,
  createCommerceConsoleViews,
  type AmbassadorService,
  type OrderService,
} from '../commerce/index.js';
import type { DrawService, MallService } from '../activity/index.js';
import type { DictionaryService } from '../dictionary/index.js';
import type { SensitiveWordAdmin } from '../censor/index.js';
import { createCommonInfoAdmin } from '../common-info/index.js';
import { createTemplateAdmin } from '../chat/index.js';
import { createProfileAdmin } from './profiles.js';
import { feedbackQueue, type HelpService } from '../help/index.js';
import { createUserOperatorService } from '../users/index.js';
import { createConsoleService } from './console.service.js';
import { createDashboardService } from './dashboard.service.js';
import { createRollupService, ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS } from './rollup.service.js';

/** The services of other modules the console drives (each built once by its own module's routes). */
export interface ConsoleModuleDeps {
  realName: RealNameService;
  orders: OrderService;
  ambassadors: AmbassadorService;
  mall: MallService;
  help: HelpService;
  draw: DrawService;
  dictionary: DictionaryService;
  sensitiveWords: SensitiveWordAdmin;
}

/**
 * The operator console's API: every endpoint is `auth: 'admin'` (the role is read from the user's
 * row with each request) and every change writes its audit row in its own transaction, inside the module
 * that owns the data.
 */
/** The title of a decision's notice: what it is about (its body, the notice's own key, says what was decided). */
export const consoleNoticeTitle = (key: string): string => {
  if (key.startsWith('console_ambassador_application_')) return 'console_ambassador_application_title';
  if (key.startsWith('console_ambassador_submission_')) return 'console_ambassador_submission_title';
  if (key.startsWith('console_offline_')) return 'console_offline_title';
  return `${key}_title`;
};

export const registerConsoleModule = (app: FastifyInstance, platform: Platform, deps: ConsoleModuleDeps) => {
  const { db, clock } = platform;
  const moderation = createModerationService({
    db,
    clock,
    notify: platform.notify,
    storage: platform.storage,
  });
  const commerce = createCommerceConsoleViews(db, deps.ambassadors);
  const accounts = createUserOperatorService({
    db,
    clock,
    sessions: platform.sessions,
    hub: platform.hub,
    facts: {
      realNameStatus: (tenantId, ids) => realNameStatuses(db, tenantId, ids),
      realName: (tenantId, userId) => realNameSummary(db, tenantId, userId),
      totals: async (tenantId, userId) => ({
        ...(await commerce.userTotals(tenantId, userId)),
        articleCount: await moderation.articleCount(tenantId, userId),
      }),
    },
  });
  const reads = createConsoleService({
    db,
    clock,
    queues: {
      realName: (tenantId) => realNameQueue(db, tenantId),
      ambassadorApplication: async (tenantId) => (await commerce.queues(tenantId)).applications,
      ambassadorSubmission: async (tenantId) => (await commerce.queues(tenantId)).submissions,
      report: (tenantId) => moderation.reportQueue(tenantId),
      offlinePayment: async (tenantId) => (await commerce.queues(tenantId)).offline,
      mallShipping: (tenantId) => deps.mall.shippingQueue(tenantId),
      feedback: (tenantId) => feedbackQueue(db, tenantId),
    },
  });

  /** A decision's notice in the message centre (its title from consoleNoticeTitle, never the body again), pushed live; a failed notice never undoes the decision. */
  const tell = async (actor: Actor, userId: number, key: string, params: Record<string, string | number>) => {
    const input: NotifyInput = { type: 'system', ...noticeTexts({ title: consoleNoticeTitle(key), content: key }, params) };
    try {
      await platform.notify(actor.tenantId, userId, input);
    } catch (error) {
      platform.log.warn({ err: error, key }, 'console notice failed');
    }
  };

  const rollups = createRollupService({ db, clock, commerce });
  platform.jobs.every(ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS, () => rollups.refreshRecent());
  const dashboard = createDashboardService({ clock, rollups });
  registerEndpoint(app, endpoints.consoleDashboard, ({ auth }) => dashboard(auth.tenantId));
  registerEndpoint(app, endpoints.consoleMe, ({ auth }) => reads.me(auth.tenantId, auth.uid));
  registerEndpoint(app, endpoints.consoleQueues, ({ auth }) => reads.queues(auth.tenantId));
  registerEndpoint(app, endpoints.consoleAuditPage, ({ auth, body }) => reads.auditPage(auth.tenantId, body));

  // Real-name.
  registerEndpoint(app, endpoints.consoleRealNamePage, ({ auth, body }) =>
    deps.realName.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleRealNameReveal, (input) =>
    deps.realName.reveal(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleRealNameApprove, async (input) =>
    deps.realName.consoleItem(await deps.realName.approve(actorOf(input), input.body.id)),
  );
  registerEndpoint(app, endpoints.consoleRealNameReject, async (input) =>
    deps.realName.consoleItem(await deps.realName.reject(actorOf(input), input.body.id, input.body.reason)),
  );

  // Ambassadors.
  registerEndpoint(app, endpoints.consoleAmbassadorApplicationPage, ({ auth, body }) =>
    commerce.applicationPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleAmbassadorSubmissionPage, ({ auth, body }) =>
    commerce.submissionPage(auth.tenantId, body),
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
    review: deps.ambassadors.reviewApplication,
    view: commerce.application,
    notices: {
      approved: 'console_ambassador_application_approved',
      rejected: 'console_ambassador_application_rejected',
    },
  });
  const reviewSubmission = ambassadorReview({
    review: deps.ambassadors.reviewSubmission,
    view: commerce.submission,
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
    commerce.orderPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleOrderDetail, ({ auth, params }) =>
    commerce.order(auth.tenantId, params.id),
  );
  registerEndpoint(app, endpoints.consoleOfflineConfirm, async (input) => {
    const actor = actorOf(input);
    const order = await deps.orders.confirmOffline(actor, input.body.id, input.body.remark);
    const detail = await commerce.order(actor.tenantId, order.id);
    await tell(actor, detail.user.id, 'console_offline_confirmed', { orderNo: order.orderNo });
    return detail;
  });
  registerEndpoint(app, endpoints.consoleOfflineReject, async (input) => {
    const actor = actorOf(input);
    const row = await deps.orders.rejectOffline(actor, input.body.id, input.body.reason);
    await tell(actor, row.userId, 'console_offline_rejected', {
      orderNo: row.orderNo,
      reason: input.body.reason,
    });
    return commerce.order(actor.tenantId, row.id);
  });
  registerEndpoint(app, endpoints.consoleOrderRefundPreview, ({ auth, params }) =>
    deps.orders.refundPreview(auth.tenantId, params.id),
  );
  registerEndpoint(app, endpoints.consoleOrderRefund, async (input) => {
    const actor = actorOf(input);
    const order = await deps.orders.refund(
      actor,
      input.body.id,
      input.body.reason,
      input.body.acceptShortfall,
    );
    const detail = await commerce.order(actor.tenantId, order.id);
    await tell(actor, detail.user.id, 'console_order_refunded', {
      orderNo: order.orderNo,
      reason: input.body.reason,
    });
    return detail;
  });

  // Mall shipping.
  registerEndpoint(app, endpoints.consoleShippingPage, ({ auth, body }) =>
    deps.mall.shippingPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleShip, async (input) => {
    const actor = actorOf(input);
    const shipped = await deps.mall.ship(actor, input.body);
    await tell(actor, shipped.user.id, 'console_mall_shipped', {
      name: shipped.itemName,
      courier: input.body.courier,
      trackingNo: input.body.trackingNo,
    });
    return shipped;
  });

  // Feedback (the reply reaches the user in the message centre, from customer service).
  registerEndpoint(app, endpoints.consoleFeedbackPage, ({ auth, body }) =>
    deps.help.consoleFeedbackPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleFeedbackReply, (input) =>
    deps.help.handleFeedback(actorOf(input), input.body),
  );

  // Mall items, prizes and check-in rules.
  registerEndpoint(app, endpoints.consoleMallItemPage, ({ auth, body }) =>
    deps.mall.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleMallItemAdd, (input) => deps.mall.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consoleMallItemUpdate, (input) =>
    deps.mall.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleMallItemDelete, (input) =>
    deps.mall.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consolePrizeList, ({ auth }) => deps.draw.adminList(auth.tenantId));
  registerEndpoint(app, endpoints.consolePrizeAdd, (input) => deps.draw.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consolePrizeUpdate, (input) =>
    deps.draw.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consolePrizeDelete, (input) =>
    deps.draw.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleCheckInRules, ({ auth }) =>
    deps.dictionary.checkInRules(auth.tenantId),
  );
  registerEndpoint(app, endpoints.consoleCheckInRulesUpdate, (input) =>
    deps.dictionary.updateCheckInRules(actorOf(input), input.body),
  );

  // Dictionaries and app_config (every change raises the dictionary's version, so apps refetch).
  registerEndpoint(app, endpoints.consoleDictPage, ({ auth, body }) =>
    deps.dictionary.page(auth.tenantId, {
      page: body.page,
      pageSize: body.pageSize,
      ...(body.filters.name ? { name: body.filters.name } : {}),
      ...(body.filters.keyword ? { label: body.filters.keyword } : {}),
    }),
  );
  registerEndpoint(app, endpoints.consoleDictAdd, (input) => deps.dictionary.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.consoleDictUpdate, (input) =>
    deps.dictionary.update(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleDictDelete, (input) =>
    deps.dictionary.remove(actorOf(input), input.body.id),
  );
  registerEndpoint(app, endpoints.consoleAppConfig, ({ auth }) => deps.dictionary.appConfig(auth.tenantId));
  registerEndpoint(app, endpoints.consoleAppConfigUpdate, (input) =>
    deps.dictionary.updateAppConfig(actorOf(input), input.body.values),
  );

  // Sensitive words.
  registerEndpoint(app, endpoints.consoleSensitiveWordPage, ({ auth, body }) =>
    deps.sensitiveWords.consolePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordAdd, (input) =>
    deps.sensitiveWords.consoleAdd(actorOf(input), input.body.words, input.body.category),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordImport, (input) =>
    deps.sensitiveWords.consoleAdd(
      actorOf(input),
      input.body.text.split(/\r?\n/),
      input.body.category,
      'sensitive_word.import',
    ),
  );
  registerEndpoint(app, endpoints.consoleSensitiveWordRemove, (input) =>
    deps.sensitiveWords.consoleRemove(actorOf(input), input.body.ids),
  );

  // Banners, notices, help FAQ; the robot's and customer service's profiles.
  const commonInfo = createCommonInfoAdmin({ db, clock });
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
  const profiles = createProfileAdmin({ db, clock });
  registerEndpoint(app, endpoints.consoleProfiles, ({ auth }) => profiles.list(auth.tenantId));
  registerEndpoint(app, endpoints.consoleProfileUpdate, (input) =>
    profiles.update(actorOf(input), input.body),
  );

  // Packages and coupon batches.
  const commerceAdmin = createCommerceAdmin({ db, clock });
  registerEndpoint(app, endpoints.consolePackagePage, ({ auth, body }) =>
    commerceAdmin.packagePage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consolePackageAdd, (input) =>
    commerceAdmin.addPackage(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consolePackageUpdate, (input) =>
    commerceAdmin.updatePackage(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchPage, ({ auth, body }) =>
    commerceAdmin.batchPage(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.consoleCouponBatchAdd, (input) =>
    commerceAdmin.addBatch(actorOf(input), input.body),
  );
  registerEndpoint(app, endpoints.consoleCouponCodePage, ({ auth, body }) =>
    commerceAdmin.codePage(auth.tenantId, body),
  );

  // Prompt templates.
  const templates = createTemplateAdmin({ db, clock });
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
    commerce.orderPage(auth.tenantId, { ...body, filters: { userId: body.filters.userId } }),
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
