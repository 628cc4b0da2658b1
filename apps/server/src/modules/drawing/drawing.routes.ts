import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { readerOf } from '../../platform/identity/actor.js';
import { forbidden } from '../../platform/errors.js';
import { readImageUpload } from '../../platform/storage/image-upload.js';
import type { DrawingModule } from './drawing.module.js';

/** AI drawing: tasks, the works hall, publishing, likes, role images, prompt translation (built by drawing.module.ts). */
export const registerDrawingRoutes = (
  app: FastifyInstance,
  { drawing, roles, wakeups, midjourneyNotifyToken }: DrawingModule,
) => {
  const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  registerEndpoint(app, endpoints.aiDrawOptions, ({ actor }) => drawing.options(actor));
  registerEndpoint(
    app,
    endpoints.aiDrawImagine,
    ({ actor, body }) => drawing.imagine(actor, body),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawDetail, ({ actor, query }) =>
    drawing.detail(readerOf(actor), query.id),
  );
  registerEndpoint(app, endpoints.aiDrawComposition, ({ actor, query }) =>
    drawing.composition(readerOf(actor), query.id),
  );
  registerEndpoint(app, endpoints.aiDrawPage, ({ actor, body }) => drawing.page(readerOf(actor), body));
  registerEndpoint(app, endpoints.aiDrawDelete, ({ actor, body }) => drawing.remove(actor, body.id));
  registerEndpoint(
    app,
    endpoints.aiDrawPublish,
    ({ actor, body }) => drawing.publish(actor, body.id, body.title),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawLike, ({ actor, body }) => drawing.like(actor, body.id));
  registerEndpoint(
    app,
    endpoints.aiDrawUpscale,
    ({ actor, body }) => drawing.upscale(actor, body),
    writeLimit,
  );
  registerEndpoint(
    app,
    endpoints.aiDrawUploadImage,
    async ({ actor, req }) => drawing.importUpload(actor, await readImageUpload(req)),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.aiDrawVariation,
    ({ actor, body }) => drawing.variation(actor, body),
    writeLimit,
  );
  registerEndpoint(app, endpoints.aiDrawWeeklyRanking, ({ actor }) => drawing.weeklyRanking(readerOf(actor)));
  registerEndpoint(app, endpoints.aiDrawToEnglish, ({ body }) => drawing.toEnglish(body.text), writeLimit);
  registerEndpoint(app, endpoints.aiDrawUploadRoleImages, ({ actor, req, query }) => roles.upload(actor, req, query?.purpose), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.aiDrawRoleImages, ({ actor }) => roles.list(actor));

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
