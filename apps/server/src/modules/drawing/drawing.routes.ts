import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { isVipAt } from '../../platform/identity/membership.js';
import { forbidden } from '../../platform/errors.js';
import { readImageUpload } from '../../platform/storage/image-upload.js';
import type { DrawingModule } from './drawing.module.js';

/** AI drawing: tasks, the works hall, publishing, likes, role images, prompt translation (built by drawing.module.ts). */
export const registerDrawingRoutes = (
  app: FastifyInstance,
  { drawing, roles, wakeups, clock, midjourneyNotifyToken }: DrawingModule,
) => {
  const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const viewerOf = (auth: { uid: number; isGuest: boolean } | null) =>
    auth && !auth.isGuest ? auth.uid : null;

  registerEndpoint(app, endpoints.aiDrawOptions, ({ tenantId }) => drawing.options(tenantId));
  registerEndpoint(
    app,
    endpoints.aiDrawImagine,
    ({ auth, membership, body, locale }) =>
      drawing.imagine(auth.tenantId, auth.uid, isVipAt(membership, clock.now()), body, locale),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawDetail, ({ tenantId, auth, query, locale }) =>
    drawing.detail(tenantId, query.id, viewerOf(auth), locale),
  );
  registerEndpoint(app, endpoints.aiDrawComposition, ({ tenantId, auth, query }) =>
    drawing.composition(tenantId, query.id, viewerOf(auth)),
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
  registerEndpoint(
    app,
    endpoints.aiDrawUpscale,
    ({ auth, body, locale }) => drawing.upscale(auth.tenantId, auth.uid, body, locale),
    writeLimit,
  );
  registerEndpoint(
    app,
    endpoints.aiDrawUploadImage,
    async ({ auth, req, locale }) =>
      drawing.importUpload(auth.tenantId, auth.uid, await readImageUpload(req), locale),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.aiDrawVariation,
    ({ auth, membership, body, locale }) =>
      drawing.variation(auth.tenantId, auth.uid, isVipAt(membership, clock.now()), body, locale),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawWeeklyRanking, ({ tenantId, auth, locale }) =>
    drawing.weeklyRanking(tenantId, viewerOf(auth), locale),
  );
  registerEndpoint(app, endpoints.aiDrawToEnglish, ({ body }) => drawing.toEnglish(body.text), writeLimit);
  registerEndpoint(
    app,
    endpoints.aiDrawUploadRoleImages,
    ({ auth, req }) => roles.upload(auth.tenantId, auth.uid, req),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.aiDrawRoleImages, ({ auth }) => roles.list(auth.tenantId, auth.uid));

  const notifyToken = Buffer.from(midjourneyNotifyToken ?? '');
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
