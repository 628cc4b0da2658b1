import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createStatsRepositories } from './stats.repository.js';
import { createStatsService } from './stats.service.js';

/** The usage-event service, built once per app, and whether collection is on. */
export const createStatsModule = (platform: Platform) => ({
  stats: createStatsService({ store: createStatsRepositories(platform.db), clock: platform.clock }),
  enabled: platform.config.STATS_ENABLED,
});
export type StatsModule = ReturnType<typeof createStatsModule>;

/** Usage stats: the service and its routes. */
export const statsModule = defineModule({
  name: 'stats',
  create: createStatsModule,
  routes: async (app, stats) => (await import('./stats.routes.js')).registerStatsRoutes(app, stats),
});
