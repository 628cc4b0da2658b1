import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { activityModule, type DrawService, type MallService } from '../activity/index.js';
import { censorModule, type SensitiveWordAdmin } from '../censor/index.js';
import { chatModule, type TemplateAdmin } from '../chat/index.js';
import {
  commerceModule,
  type AmbassadorService,
  type CommerceEditors,
  type CommerceConsoleViews,
  type OfflinePayService,
  type OrderService,
} from '../commerce/index.js';
import { commonInfoModule, type CommonInfoAdmin } from '../common-info/index.js';
import { dictionaryModule, type DictionaryService } from '../dictionary/index.js';
import { feedbackQueue, helpModule, type HelpService } from '../help/index.js';
import { plazaModule, type ModerationService } from '../plaza/index.js';
import {
  realNameModule,
  realNameQueue,
  realNameStatuses,
  realNameSummary,
  type RealNameService,
} from '../real-name/index.js';
import { createUserOperatorService, createUsersRepositories } from '../users/index.js';
import { createConsoleRepositories } from './console.repository.js';
import { createConsoleService } from './console.service.js';
import { createDashboardService } from './dashboard.service.js';
import { createProfileAdmin } from './profiles.js';
import { createProvenance } from './provenance.js';
import { createRollupService, ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS } from './rollup.service.js';

/** The services of other modules the console drives, each built once by its own module's definition. */
export interface ConsoleModuleDeps {
  realName: RealNameService;
  orders: OrderService;
  offlinePay: OfflinePayService;
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

/**
 * The console's own services, built once per app over the other modules' services: the read views that span
 * modules (queues, audit, dashboard), the operators' side of accounts (whose facts come from real-name,
 * commerce and the plaza) and the robot's and customer service's profiles.
 */
export const createConsoleModule = (platform: Platform, deps: ConsoleModuleDeps) => {
  const { db, clock } = platform;
  const { commerceViews, moderation } = deps;
  const store = createConsoleRepositories(db);
  const accounts = createUserOperatorService({
    store: createUsersRepositories(db),
    clock,
    sessions: platform.sessions,
    hub: platform.hub,
    noticeInTx: platform.noticeInTx,
    log: platform.log,
    facts: {
      realNameStatus: (tenantId, ids) => realNameStatuses(db, tenantId, ids),
      // Facts of the account an operator opens (not the operator).
      realName: (tenantId, targetUid) => realNameSummary(db, tenantId, targetUid),
      totals: async (tenantId, targetUid) => ({
        ...(await commerceViews.userTotals(tenantId, targetUid)),
        articleCount: await moderation.articleCount(tenantId, targetUid),
      }),
    },
  });
  const reads = createConsoleService({
    store,
    clock,
    queues: {
      realName: ({ tenantId }) => realNameQueue(db, tenantId),
      ambassadorApplication: async ({ tenantId }) => (await commerceViews.queues(tenantId)).applications,
      ambassadorSubmission: async ({ tenantId }) => (await commerceViews.queues(tenantId)).submissions,
      report: ({ tenantId }) => moderation.reportQueue(tenantId),
      offlinePayment: async ({ tenantId }) => (await commerceViews.queues(tenantId)).offline,
      mallShipping: (actor) => deps.mall.shippingQueue(actor),
      feedback: ({ tenantId }) => feedbackQueue(db, tenantId),
      contentReview: ({ tenantId }) => moderation.reviewQueue(tenantId),
    },
    // Works, drawings, comments and users by their titles and names (the audit log's rows).
    targetNames: (tenantId, rows) => moderation.targetNames(tenantId, rows),
  });
  const rollups = createRollupService({ store, clock, commerce: commerceViews });
  const dashboard = createDashboardService({ clock, rollups });
  const profiles = createProfileAdmin({ store, clock });
  const provenance = createProvenance({ db, aigc: platform.aigc });
  return { ...deps, accounts, reads, rollups, dashboard, profiles, provenance };
};
export type ConsoleModule = ReturnType<typeof createConsoleModule>;

/** The modules whose services the console drives. */
const consoleNeeds = {
  realName: realNameModule,
  commerce: commerceModule,
  activity: activityModule,
  help: helpModule,
  dictionary: dictionaryModule,
  censor: censorModule,
  plaza: plazaModule,
  commonInfo: commonInfoModule,
  chat: chatModule,
};

/**
 * The operator console: its services over the other modules', the daily rollups' refresh and its routes
 * (apps/admin's API).
 */
export const consoleModule = defineModule({
  name: 'console',
  needs: consoleNeeds,
  create: (platform, { realName, commerce, activity, help, dictionary, censor, plaza, commonInfo, chat }) =>
    createConsoleModule(platform, {
      realName: realName.realName,
      orders: commerce.orders,
      offlinePay: commerce.offlinePay,
      ambassadors: commerce.ambassadors,
      commerceViews: commerce.consoleViews,
      commerceAdmin: commerce.consoleAdmin,
      mall: activity.mall,
      draw: activity.draw,
      help: help.help,
      dictionary: dictionary.dictionary,
      sensitiveWords: censor.admin,
      moderation: plaza.moderation,
      commonInfo: commonInfo.admin,
      templates: chat.templateAdmin,
    }),
  jobs: (runner, { rollups }) => {
    runner.every(ROLLUP_REFRESH_JOB, ROLLUP_REFRESH_MS, () => rollups.refreshRecent());
  },
  routes: async (app, services) => (await import('./console.routes.js')).registerConsoleRoutes(app, services),
});
