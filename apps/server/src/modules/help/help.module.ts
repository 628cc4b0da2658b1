import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { imMessageModule, type ImMessageModule } from '../im-message/index.js';
import { createHelpRepositories } from './help.repository.js';
import { createHelpService } from './help.service.js';

/** What help needs from others: the message centre (customer service's conversation lives there). */
export interface HelpModuleDeps {
  imMessage: Pick<ImMessageModule, 'messages'>;
}

/** The help service, built once per app: feedback and the customer-service conversation. */
export const createHelpModule = (platform: Platform, { imMessage }: HelpModuleDeps) => ({
  help: createHelpService({
    store: createHelpRepositories(platform.db),
    clock: platform.clock,
    storage: platform.storage,
    messages: imMessage.messages,
  }),
  publicBaseUrl: platform.config.PUBLIC_BASE_URL,
});
export type HelpModule = ReturnType<typeof createHelpModule>;

/** Help: the service and its routes (the console answers feedback through the service). */
export const helpModule = defineModule({
  name: 'help',
  needs: { imMessage: imMessageModule },
  create: createHelpModule,
  routes: async (app, help) => (await import('./help.routes.js')).registerHelpRoutes(app, help),
});
