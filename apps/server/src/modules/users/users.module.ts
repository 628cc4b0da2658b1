import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import type { CaptchaService } from '../auth/index.js';
import { registerUsersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** What the users module needs from others: the auth module's captcha (phone changes, SMS password resets). */
export interface UsersModuleDeps {
  captcha: CaptchaService;
}

/** The users service, built once per app: profile, settings, avatar, phone, password, blocks, deletion. */
export const createUsersModule = (platform: Platform, deps: UsersModuleDeps) => ({
  users: createUsersService({
    db: platform.db,
    clock: platform.clock,
    sessions: platform.sessions,
    captcha: deps.captcha,
    storage: platform.storage,
    publicBaseUrl: platform.config.PUBLIC_BASE_URL,
    cache: platform.cache,
    sensitiveWords: async (text, tenantId) => (await platform.censor.censorText(text, tenantId)).words,
  }),
});
export type UsersModule = ReturnType<typeof createUsersModule>;

/** Users composed: the service and its routes. */
export const registerUsersModule = (app: FastifyInstance, platform: Platform, deps: UsersModuleDeps) => {
  const usersModule = createUsersModule(platform, deps);
  registerUsersRoutes(app, usersModule);
  return usersModule;
};
