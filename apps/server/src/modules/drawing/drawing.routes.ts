import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { isVipAt } from '../../platform/identity/membership.js';
import { UNQUEUED_SWEEP_MS } from '../../platform/jobs/unqueued-tasks.js';
import type { Platform } from '../../platform/platform.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { createTaskNotices } from '../../platform/task-notices.js';
import { getAppConfig } from '../dictionary/index.js';
import { createDrawingService, type DrawingDeps } from './drawing.service.js';
import { createImageEngine, midjourneyNotifyToken } from './engines/engines.js';
import { createNotifyWakeups } from './engines/midjourney-proxy.js';
import { forbidden } from '../../platform/errors.js';
import { createRoleImages } from './role-images.js';
import { createPromptTranslator } from './to-english.js';
import { instrumentEngine } from '../../platform/metrics/metrics.js';

/** The recurring job that settles tasks whose process died between accepting them and enqueuing their job. */
export const UNQUEUED_SWEEP_JOB = 'ai_draw_unqueued_sweep';

/** The drawing service as the app runs it: the configured engine, gold holds, app_config's price. */
const wakeups = createNotifyWakeups();

export const drawingDepsFrom = (platform: Platform, overrides: Partial<DrawingDeps> = {}): DrawingDeps => ({
  db: platform.db,
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
  taskLimits: async (tenantId) => (await getAppConfig(platform.db, tenantId)).taskLimits,
  toEnglish: createPromptTranslator(platform.config),
  ...overrides,
});

/** AI drawing: tasks, the works hall, publishing, likes, role images, prompt translation. */
export const registerDrawingRoutes = (app: FastifyInstance, platform: Platform) => {
  const drawing = createDrawingService(drawingDepsFrom(platform));
  platform.jobs.every(UNQUEUED_SWEEP_JOB, UNQUEUED_SWEEP_MS, async () => ({
    failed: await drawing.sweepUnqueued(),
  }));
  const roles = createRoleImages({ repo: drawing.repo, storage: platform.storage, clock: platform.clock });
  const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const viewerOf = (auth: { uid: number; isGuest: boolean } | null) =>
    auth && !auth.isGuest ? auth.uid : null;

  registerEndpoint(app, endpoints.aiDrawOptions, ({ tenantId }) => drawing.options(tenantId));
  registerEndpoint(
    app,
    endpoints.aiDrawImagine,
    ({ auth, membership, body, locale }) =>
      drawing.imagine(auth.tenantId, auth.uid, isVipAt(membership, platform.clock.now()), body, locale),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawDetail, ({ tenantId, auth, query, locale }) =>
    drawing.detail(tenantId, query.id, viewerOf(auth), locale),
  );
  registerEndpoint(app, endpoints.aiDrawPage, ({ tenantId, auth, body, locale }) =>
    drawing.page(tenantId, viewerOf(auth), body, locale),
  );
  registerEndpoint(app, endpoints.aiDrawDelete, ({ auth, body }) =>
    drawing.remove(auth.tenantId, auth.uid, body.id),
  );
  registerEndpoint(
    app,
    endpoints.aiDrawPublish,
    ({ auth, body, locale }) => drawing.publish(auth.tenantId, auth.uid, body.id, body.title, locale),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawLike, ({ auth, body, locale }) =>
    drawing.like(auth.tenantId, auth.uid, body.id, locale),
  );
  registerEndpoint(app, endpoints.aiDrawToEnglish, ({ body }) => drawing.toEnglish(body.text), writeLimit);
  registerEndpoint(
    app,
    endpoints.aiDrawUploadRoleImages,
    ({ auth, req }) => roles.upload(auth.tenantId, auth.uid, req),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.aiDrawRoleImages, ({ auth }) => roles.list(auth.tenantId, auth.uid));

  const notifyToken = Buffer.from(midjourneyNotifyToken(platform.config) ?? '');
  registerEndpoint(
    app,
    endpoints.aiDrawNotifyMidjourney,
    ({ query, body }) => {
      const given = Buffer.from(query.token);
      if (!notifyToken.length || given.length !== notifyToken.length || !timingSafeEqual(given, notifyToken))
        throw forbidden();
      return wakeups.wake(body.id);
    },
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
};
