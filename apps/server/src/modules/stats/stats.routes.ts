import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { StatsModule } from './stats.module.js';

export const registerStatsRoutes = (app: FastifyInstance, { stats: service, enabled }: StatsModule) => {
  registerEndpoint(app, endpoints.statStatus, () => ({ enabled }));
  registerEndpoint(app, endpoints.statReport, ({ actor, body }) => service.report(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.statDailyActive, ({ actor, query }) => service.dailyActive(actor, query));
  registerEndpoint(app, endpoints.statPageViews, ({ actor, query }) => service.pageViews(actor, query));
  registerEndpoint(app, endpoints.statEvents, ({ actor, query }) => service.events(actor, query));
};
