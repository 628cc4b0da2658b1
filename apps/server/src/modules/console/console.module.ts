import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/audit/audit.js';
import { noticeTexts, type NotifyInput } from '../../platform/notify.js';
import type { Platform } from '../../platform/platform.js';
import type { DrawService, MallService } from '../activity/index.js';
import type { SensitiveWordAdmin } from '../censor/index.js';
import type { TemplateAdmin } from '../chat/index.js';
import type {
  AmbassadorService,
  CommerceEditors,
  CommerceConsoleViews,
  OrderService,
} from '../commerce/index.js';
import type { CommonInfoAdmin } from '../common-info/index.js';
import type { DictionaryService } from '../dictionary/index.js';
import { feedbackQueue, type HelpService } from '../help/index.js';
import type { ModerationService } from '../plaza/index.js';
import {
  realNameQueue,
  realNameStatuses,
  realNameSummary,
  type RealNameService,
} from '../real-name/index.js';
import { createUserOperatorService } from '../users/index.js';
import { registerConsoleRoutes } from './console.routes.js';
import { createConsoleService } from './console.service.js';
import { createDashboardService } from './dashboard.service.js';
import { createProfileAdmin } from './profiles.js';
import { createRollupService, ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS } from './rollup.service.js';

/** The services of other modules the console drives, each built once by its own module's definition. */
export interface ConsoleModuleDeps {
  realName: RealNameService;
  orders: OrderService;
  ambassadors: AmbassadorService;
  commerceViews: CommerceConsoleViews;
  commerceAdmin: CommerceEditors;
  mall: MallService;
  help: HelpService;
  draw: DrawService;
  dictionary: DictionaryService;
  sensitiveWords: SensitiveWordAdmin;
  moderation: ModerationService;
  commonInfo: CommonInfoAdmin;
  templates: TemplateAdmin;
}

/** The title of a decision's notice: what it is about (its body, the notice's own key, says what was decided). */
export const consoleNoticeTitle = (key: string): string => `${key}_title`;

/** A decision's notice in the message centre (its title from consoleNoticeTitle, never the body again), pushed live. */
export type ConsoleTell = (
  actor: Actor,
  userId: number,
  key: string,
  params: Record<string, string | number>,
) => Promise<void>;

/**
 * The console's own services, built once per app over the other modules' services: the read views that span
 * modules (queues, audit, dashboard), the operators' side of accounts (whose facts come from real-name,
 * commerce and the plaza) and the robot's and customer service's profiles.
 */
export const createConsoleModule = (platform: Platform, deps: ConsoleModuleDeps) => {
  const { db, clock } = platform;
  const { commerceViews, moderation } = deps;
  const accounts = createUserOperatorService({
    db,
    clock,
    sessions: platform.sessions,
    hub: platform.hub,
    facts: {
      realNameStatus: (tenantId, ids) => realNameStatuses(db, tenantId, ids),
      realName: (tenantId, userId) => realNameSummary(db, tenantId, userId),
      totals: async (tenantId, userId) => ({
        ...(await commerceViews.userTotals(tenantId, userId)),
        articleCount: await moderation.articleCount(tenantId, userId),
      }),
    },
  });
  const reads = createConsoleService({
    db,
    clock,
    queues: {
      realName: (tenantId) => realNameQueue(db, tenantId),
      ambassadorApplication: async (tenantId) => (await commerceViews.queues(tenantId)).applications,
      ambassadorSubmission: async (tenantId) => (await commerceViews.queues(tenantId)).submissions,
      report: (tenantId) => moderation.reportQueue(tenantId),
      offlinePayment: async (tenantId) => (await commerceViews.queues(tenantId)).offline,
      mallShipping: (tenantId) => deps.mall.shippingQueue(tenantId),
      feedback: (tenantId) => feedbackQueue(db, tenantId),
    },
  });
  const rollups = createRollupService({ db, clock, commerce: commerceViews });
  const dashboard = createDashboardService({ clock, rollups });
  const profiles = createProfileAdmin({ db, clock });
  /** A failed notice never undoes the decision. */
  const tell: ConsoleTell = async (actor, userId, key, params) => {
    const input: NotifyInput = {
      type: 'system',
      ...noticeTexts({ title: consoleNoticeTitle(key), content: key }, params),
    };
    try {
      await platform.notify(actor.tenantId, userId, input);
    } catch (error) {
      platform.log.warn({ err: error, key }, 'console notice failed');
    }
  };
  return { ...deps, accounts, reads, rollups, dashboard, profiles, tell };
};
export type ConsoleModule = ReturnType<typeof createConsoleModule>;

/**
 * The operator console composed: its services over the other modules', the daily rollups' refresh and its
 * routes (apps/admin's API).
 */
export const registerConsoleModule = (app: FastifyInstance, platform: Platform, deps: ConsoleModuleDeps) => {
  const consoleModule = createConsoleModule(platform, deps);
  platform.jobs.every(ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS, () => consoleModule.rollups.refreshRecent());
  registerConsoleRoutes(app, consoleModule);
};
