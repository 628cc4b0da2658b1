import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { createSensitiveWordAdmin } from './censor.service.js';

/**
 * textCensor is open to guests (auth `visitor`): every screen that writes text needs at least a guest session,
 * so anonymous scripts cannot use the checker as a free oracle, and a per-IP rate limit bounds the CPU cost.
 */
export const registerCensorRoutes = (app: FastifyInstance, platform: Platform) => {
  const admin = createSensitiveWordAdmin({ db: platform.db, clock: platform.clock, censor: platform.censor });
  registerEndpoint(
    app,
    endpoints.textCensor,
    async ({ body, tenantId }) => (await platform.censor.censorText(body.text, tenantId)).ok,
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.sensitiveWordList,
    async ({ tenantId, reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return platform.censor.list(tenantId);
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.sensitiveWordPage, ({ body, tenantId }) => admin.page(tenantId, body));
  registerEndpoint(app, endpoints.sensitiveWordAdd, ({ body, tenantId }) =>
    admin.add(tenantId, body.words, body.category),
  );
  registerEndpoint(app, endpoints.sensitiveWordUpdate, ({ body, tenantId }) =>
    admin.update(tenantId, body.id, { word: body.word, category: body.category }),
  );
  registerEndpoint(app, endpoints.sensitiveWordDelete, ({ body, tenantId }) =>
    admin.remove(tenantId, body.ids),
  );
  return admin;
};
