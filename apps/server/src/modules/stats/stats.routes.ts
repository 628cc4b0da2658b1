import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { StatsModule } from './stats.module.js';

export const registerStatsRoutes = (app: FastifyInstance, { stats: service, enabled }: StatsModule) => {
  registerEndpoint(app, endpoints.statStatus, () => ({ enabled }));
  registerEndpoint(
    app,
    endpoints.statReport,
    ({ body, tenantId, auth }) => service.report(tenantId, auth && auth.uid > 0 ? auth.uid : null, body),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.statDailyActive, ({ query, tenantId }) =>
    service.dailyActive(tenantId, query),
  );
  registerEndpoint(app, endpoints.statPageViews, ({ query, tenantId }) => service.pageViews(tenantId, query));
  registerEndpoint(app, endpoints.statEvents, ({ query, tenantId }) => service.events(tenantId, query));
};
