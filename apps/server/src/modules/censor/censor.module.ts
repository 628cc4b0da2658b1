import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerCensorRoutes } from './censor.routes.js';
import { createSensitiveWordAdmin } from './censor.service.js';

/**
 * The censor's services: the platform's word checker (built with the platform, since every module checks
 * text through it) and the operators' editor of the word list, built once per app.
 */
export const createCensorModule = (platform: Platform) => ({
  censor: platform.censor,
  admin: createSensitiveWordAdmin({ db: platform.db, clock: platform.clock, censor: platform.censor }),
});
export type CensorModule = ReturnType<typeof createCensorModule>;

/** The censor composed: its services and routes. Answers the word list's editor (the console drives it). */
export const registerCensorModule = (app: FastifyInstance, platform: Platform): CensorModule => {
  const censorModule = createCensorModule(platform);
  registerCensorRoutes(app, censorModule);
  return censorModule;
};
