import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/identity/actor.js';
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
  registerEndpoint(app, endpoints.sensitiveWordPage, ({ body, tenantId }) => admin.page(tenantId, body));
  registerEndpoint(app, endpoints.sensitiveWordAdd, (input) =>
    admin.add(actorOf(input), input.body.words, input.body.category),
  );
  registerEndpoint(app, endpoints.sensitiveWordUpdate, (input) =>
    admin.update(actorOf(input), input.body.id, { word: input.body.word, category: input.body.category }),
  );
  registerEndpoint(app, endpoints.sensitiveWordDelete, (input) =>
    admin.remove(actorOf(input), input.body.ids),
  );
};
