import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createHistoryRepository } from './history.repository.js';

/** The history's reads, built once per app (other modules record entries in their own transactions). */
export const createHistoryModule = (platform: Platform) => ({
  history: createHistoryRepository(platform.db),
});
export type HistoryModule = ReturnType<typeof createHistoryModule>;

/** History: its reads and routes. */
export const historyModule = defineModule({
  name: 'history',
  create: createHistoryModule,
  routes: async (app, history) => (await import('./history.routes.js')).registerHistoryRoutes(app, history),
});
