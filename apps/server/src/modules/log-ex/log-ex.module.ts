import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerLogExRoutes } from './log-ex.routes.js';
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

/** Error reports composed: the service and its routes. */
export const registerLogExModule = (app: FastifyInstance, platform: Platform): LogExModule => {
  const logExModule = createLogExModule(platform);
  registerLogExRoutes(app, logExModule);
  return logExModule;
};
