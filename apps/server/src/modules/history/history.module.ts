import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { createHistoryRepository } from './history.repository.js';
import { registerHistoryRoutes } from './history.routes.js';

/** The history's reads, built once per app (other modules record entries in their own transactions). */
export const createHistoryModule = (platform: Platform) => ({
  history: createHistoryRepository(platform.db),
});
export type HistoryModule = ReturnType<typeof createHistoryModule>;

/** History composed: its reads and routes. */
export const registerHistoryModule = (app: FastifyInstance, platform: Platform): HistoryModule => {
  const historyModule = createHistoryModule(platform);
  registerHistoryRoutes(app, historyModule);
  return historyModule;
};
