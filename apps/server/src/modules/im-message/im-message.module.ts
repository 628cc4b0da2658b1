import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { chatModule, type ChatModule } from '../chat/index.js';
import { createImMessageRepositories } from './im-message.repository.js';
import { createImMessageService } from './im-message.service.js';

/**
 * The message centre's services, built once per app: the notices and conversations (the platform's `notify`
 * stores and pushes through the same service), the robot's conversation read from the chat module, and the
 * hub its methods are registered on.
 */
export const createImMessageModule = (platform: Platform, { chat }: { chat: ChatModule }) => ({
  messages: createImMessageService({
    store: createImMessageRepositories(platform.db),
    clock: platform.clock,
    hub: platform.hub,
  }),
  robotHistory: chat.chat.robotHistory,
  hub: platform.hub,
});
export type ImMessageModule = ReturnType<typeof createImMessageModule>;

/** The message centre: its services (help replies through them), routes and hub methods. */
export const imMessageModule = defineModule({
  name: 'im-message',
  needs: { chat: chatModule },
  create: createImMessageModule,
  routes: async (app, imMessage) =>
    (await import('./im-message.routes.js')).registerImMessageRoutes(app, imMessage),
});
