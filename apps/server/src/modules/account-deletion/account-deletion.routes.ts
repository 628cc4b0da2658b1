import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { AccountDeletionModule } from './account-deletion.module.js';

/** Account deletion: what is lost, the code, the request and its cancellation (services from the module). */
export const registerAccountDeletionRoutes = (app: FastifyInstance, { deletion }: AccountDeletionModule) => {
  registerEndpoint(app, endpoints.deletionLosses, ({ actor }) => deletion.losses(actor));
  registerEndpoint(app, endpoints.sendDeleteCode, ({ actor }) => deletion.sendCode(actor), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  // Few tries: a stolen session must not guess the password here.
  registerEndpoint(app, endpoints.fakeDelete, ({ actor, auth, body }) => deletion.request(actor, auth.sessionId, body), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.cancelDelete, ({ actor }) => deletion.cancel(actor));
};
