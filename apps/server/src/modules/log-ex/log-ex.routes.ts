import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { LogExModule } from './log-ex.module.js';

/** Reports per client IP and minute; a crashing page in a loop must not flood the table. */
export const LOG_REPORTS_PER_MINUTE = 20;

export const registerLogExRoutes = (app: FastifyInstance, { logEx: service }: LogExModule) => {
  registerEndpoint(
    app,
    endpoints.logExAdd,
    ({ body, tenantId, auth, ip, req }) =>
      service.add(tenantId, body, {
        userId: auth && auth.uid > 0 ? auth.uid : null,
        ip,
        userAgent: req.headers['user-agent'] ?? null,
      }),
    { rateLimit: { max: LOG_REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.logExPage, ({ body, tenantId }) => service.page(tenantId, body));
};
