import { UNQUEUED_SWEEP_MS } from '../../platform/jobs/unqueued-tasks.js';
import { instrumentEngine } from '../../platform/metrics/metrics.js';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createTaskNotices } from '../../platform/task-notices.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { getAppConfig } from '../dictionary/index.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { createDrawingRepositories } from './drawing.repository.js';
import { createDrawingService, type DrawingDeps } from './drawing.service.js';
import { createImageEngine, midjourneyNotifyToken } from './engines/engines.js';
import { createNotifyWakeups } from './engines/midjourney-proxy.js';
import { createRoleImages } from './role-images.js';
import { createPromptTranslator } from './to-english.js';
import { createUpscaler } from './upscale/sd-webui-extras.js';

/** The recurring job that settles tasks whose process died between accepting them and enqueuing their job. */
export const UNQUEUED_SWEEP_JOB = 'ai_draw_unqueued_sweep';

/** midjourney-proxy's notify callbacks wake the engine's waits (one set per process, shared by every engine). */
const wakeups = createNotifyWakeups();

/** The drawing service's dependencies as the app runs it: the configured engine, gold holds, app_config's prices. */
export const drawingDepsFrom = (platform: Platform, overrides: Partial<DrawingDeps> = {}): DrawingDeps => ({
  db: platform.db,
  store: createDrawingRepositories(platform.db),
  clock: platform.clock,
  log: platform.log,
  storage: platform.storage,
  censor: platform.censor,
  jobs: platform.jobs,
  engine: instrumentEngine(platform.metrics, 'drawing', createImageEngine(platform.config, wakeups), [
    'draw',
  ]),
  gold: createGoldHolds(platform.clock),
  notices: createTaskNotices(platform.notify, platform.log),
  goldPerImage: async (tenantId) => (await getAppConfig(platform.db, tenantId)).prices.goldPerImage,
  upscaler: createUpscaler(platform.config),
  goldPerUpscale: async (tenantId) => (await getAppConfig(platform.db, tenantId)).prices.goldPerUpscale,
  taskLimits: async (tenantId) => (await getAppConfig(platform.db, tenantId)).taskLimits,
  toEnglish: createPromptTranslator(platform.config),
  aigc: platform.aigc,
  ...overrides,
});

/** Drawing's services, built once per process: the drawing service, role images over its repository, midjourney-proxy's notify wake-ups. */
export const createDrawingModule = (platform: Platform, { moderation }: { moderation: ModerationModule }) => {
  const deps = drawingDepsFrom(platform, { screenPicture: (tenantId, image) => moderation.screen(tenantId, image) });
  const drawing = createDrawingService(deps);
  const roles = createRoleImages({
    repo: deps.store.repos.tasks,
    storage: platform.storage,
    clock: platform.clock,
  });
  return {
    drawing,
    roles,
    wakeups,
    clock: platform.clock,
    midjourneyNotifyToken: midjourneyNotifyToken(platform.config),
  };
};
export type DrawingModule = ReturnType<typeof createDrawingModule>;

/** Drawing: its services; the drawing and upscale handlers and the sweep of tasks that never reached the queue; its routes. */
export const drawingModule = defineModule({
  name: 'drawing',
  needs: { moderation: moderationModule },
  create: createDrawingModule,
  jobs: (runner, { drawing }) => {
    drawing.registerJobs(runner);
    runner.every(UNQUEUED_SWEEP_JOB, UNQUEUED_SWEEP_MS, async () => ({
      failed: await drawing.sweepUnqueued(),
    }));
  },
  routes: async (app, drawing) => (await import('./drawing.routes.js')).registerDrawingRoutes(app, drawing),
});
