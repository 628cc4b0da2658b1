import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerStatsRoutes } from './stats.routes.js';
import { createStatsRepository } from './stats.repository.js';
import { createStatsService } from './stats.service.js';

/** The usage-event service, built once per app, and whether collection is on. */
export const createStatsModule = (platform: Platform) => ({
  stats: createStatsService({ repo: createStatsRepository(platform.db), clock: platform.clock }),
  enabled: platform.config.STATS_ENABLED,
});
export type StatsModule = ReturnType<typeof createStatsModule>;

/** Usage stats composed: the service and its routes. */
export const registerStatsModule = (app: FastifyInstance, platform: Platform): StatsModule => {
  const statsModule = createStatsModule(platform);
  registerStatsRoutes(app, statsModule);
  return statsModule;
};
