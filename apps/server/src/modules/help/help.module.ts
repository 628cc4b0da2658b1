import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import type { ImMessageService } from '../im-message/index.js';
import { registerHelpRoutes } from './help.routes.js';
import { createHelpService, type HelpService } from './help.service.js';

/** What help needs from others: the message centre's service (customer service's conversation lives there). */
export interface HelpModuleDeps {
  messages: ImMessageService;
}

/** The help service, built once per app: feedback and the customer-service conversation. */
export const createHelpModule = (platform: Platform, deps: HelpModuleDeps) => ({
  help: createHelpService({
    db: platform.db,
    clock: platform.clock,
    storage: platform.storage,
    messages: deps.messages,
  }),
  publicBaseUrl: platform.config.PUBLIC_BASE_URL,
});
export type HelpModule = ReturnType<typeof createHelpModule>;

/** Help composed: the service and its routes. Answers the service (the console answers feedback through it). */
export const registerHelpModule = (
  app: FastifyInstance,
  platform: Platform,
  deps: HelpModuleDeps,
): HelpService => {
  const helpModule = createHelpModule(platform, deps);
  registerHelpRoutes(app, helpModule);
  return helpModule.help;
};
