import { shanghaiDate } from '../../platform/clock.js';
import type { PlatformJobs } from '../../platform/jobs/recurring.js';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { DEFAULT_REVIEW_POLICY } from '@app/contract';
import { getAppConfig } from '../dictionary/index.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { createModerationService } from './moderation.service.js';
import { plazaDepsFrom } from './plaza.deps.js';
import { createPlazaRepositories } from './plaza.repository.js';
import { createPlazaService } from './plaza.service.js';
import { createReportService } from './report.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The plaza's services, built once per app: moderation (the operators' side, also driven by the console),
 * the plaza itself (its operator delete takes a work down through the same moderation service) and reports.
 */
export const createPlazaModule = (platform: Platform, { moderation }: { moderation: ModerationModule }) => {
  const store = createPlazaRepositories(platform.db);
  const deps = plazaDepsFrom(platform);
  const contentModeration = createModerationService({
    db: platform.db,
    store,
    clock: platform.clock,
    noticeInTx: platform.noticeInTx,
    log: platform.log,
    storage: platform.storage,
    propagateFiles: deps.propagateFiles,
  });
  const plaza = createPlazaService({
    db: platform.db,
    store,
    clock: platform.clock,
    deps,
    publicBaseUrl: platform.config.PUBLIC_BASE_URL,
    cache: platform.cache,
    takeDown: (actor, id, reason) => contentModeration.takeDown(actor, id, reason),
    review: {
      reviewPolicy: async (tenantId) =>
        (await getAppConfig(platform.db, tenantId).catch(() => null))?.reviewPolicy ?? DEFAULT_REVIEW_POLICY,
      reviewPicture: (tenantId, url) => moderation.reviewStored(tenantId, url),
    },
  });
  const reports = createReportService({
    db: platform.db,
    store,
    clock: platform.clock,
  });
  return { moderation: contentModeration, plaza, reports };
};
export type PlazaModule = ReturnType<typeof createPlazaModule>;

/** Recurring work: who was counted for reads and shares is only needed for today (older rows go once a day per cluster). */
const schedulePlazaWork = (runner: PlatformJobs, { plaza }: PlazaModule, platform: Platform) => {
  runner.every('plaza_counted_view_sweep', DAY_MS, async () => {
    const yesterday = shanghaiDate(new Date(platform.clock.now().getTime() - DAY_MS));
    await plaza.sweepCountedViews(yesterday);
    return { before: yesterday };
  });
};

/** The plaza: its services (the console drives moderation), its recurring work and its routes. */
export const plazaModule = defineModule({
  name: 'plaza',
  needs: { moderation: moderationModule },
  create: createPlazaModule,
  jobs: schedulePlazaWork,
  routes: async (app, plaza) => (await import('./plaza.routes.js')).registerPlazaRoutes(app, plaza),
});
