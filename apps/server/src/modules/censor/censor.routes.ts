import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { CensorModule } from './censor.module.js';

/**
 * textCensor is open to guests (auth `visitor`): every screen that writes text needs at least a guest session,
 * so anonymous scripts cannot use the checker as a free oracle, and a per-IP rate limit bounds the CPU cost.
 */
export const registerCensorRoutes = (app: FastifyInstance, { censor, admin }: CensorModule) => {
  registerEndpoint(
    app,
    endpoints.textCensor,
    async ({ body, tenantId }) => (await censor.censorText(body.text, tenantId)).ok,
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.sensitiveWordList,
    async ({ tenantId, reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return censor.list(tenantId);
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.sensitiveWordPage, ({ actor, body }) => admin.page(actor, body));
  registerEndpoint(app, endpoints.sensitiveWordAdd, ({ actor, body }) =>
    admin.add(actor, body.words, body.category),
  );
  registerEndpoint(app, endpoints.sensitiveWordUpdate, ({ actor, body }) =>
    admin.update(actor, body.id, { word: body.word, category: body.category }),
  );
  registerEndpoint(app, endpoints.sensitiveWordDelete, ({ actor, body }) => admin.remove(actor, body.ids));
};
