import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createLogExRepository } from './log-ex.repository.js';
import { createLogExService } from './log-ex.service.js';

/** The error-report service, built once per app. */
export const createLogExModule = (platform: Platform) => ({
  logEx: createLogExService({
    db: platform.db,
    repo: createLogExRepository(platform.db),
    clock: platform.clock,
  }),
});
export type LogExModule = ReturnType<typeof createLogExModule>;

/** Error reports: the service and its routes. */
export const logExModule = defineModule({
  name: 'log-ex',
  create: createLogExModule,
  routes: async (app, logEx) => (await import('./log-ex.routes.js')).registerLogExRoutes(app, logEx),
});
