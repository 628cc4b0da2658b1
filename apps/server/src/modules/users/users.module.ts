import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { authModule, type CaptchaService } from '../auth/index.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { createUsersRepositories } from './users.repository.js';
import { createUsersService } from './users.service.js';

/**
 * What the users module needs from others: the auth module's captcha (phone changes, SMS password resets) and the
 * moderation's picture screen (avatars).
 */
export interface UsersModuleDeps {
  auth: { captcha: CaptchaService };
  moderation: Pick<ModerationModule, 'screen'>;
}

/** The users service, built once per app: profile, settings, avatar, phone, password, blocks, deletion. */
export const createUsersModule = (platform: Platform, deps: UsersModuleDeps) => ({
  users: createUsersService({
    store: createUsersRepositories(platform.db),
    clock: platform.clock,
    sessions: platform.sessions,
    captcha: deps.auth.captcha,
    storage: platform.storage,
    publicBaseUrl: platform.config.PUBLIC_BASE_URL,
    cache: platform.cache,
    sensitiveWords: async (text, tenantId) => (await platform.censor.censorText(text, tenantId)).words,
    screenPicture: (tenantId, image) => deps.moderation.screen(tenantId, image),
  }),
});
export type UsersModule = ReturnType<typeof createUsersModule>;

/** Users: the service and its routes. */
export const usersModule = defineModule({
  name: 'users',
  needs: { auth: authModule, moderation: moderationModule },
  create: createUsersModule,
  routes: async (app, users) => (await import('./users.routes.js')).registerUsersRoutes(app, users),
});
