import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createCensorRepositories } from './censor.repository.js';
import { createSensitiveWordAdmin } from './censor.service.js';

/**
 * The censor's services: the platform's word checker (built with the platform, since every module checks
 * text through it) and the operators' editor of the word list, built once per app.
 */
export const createCensorModule = (platform: Platform) => ({
  censor: platform.censor,
  admin: createSensitiveWordAdmin({
    store: createCensorRepositories(platform.db),
    clock: platform.clock,
    censor: platform.censor,
  }),
});
export type CensorModule = ReturnType<typeof createCensorModule>;

/** The censor: its services and routes (the console drives the word list's editor). */
export const censorModule = defineModule({
  name: 'censor',
  create: createCensorModule,
  routes: async (app, censor) => (await import('./censor.routes.js')).registerCensorRoutes(app, censor),
});
