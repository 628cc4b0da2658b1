import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { robotHistory } from '../chat/index.js';
import { registerImMessageRoutes } from './im-message.routes.js';
import { createImMessageService } from './im-message.service.js';

/**
 * The message centre's services, built once per app: the notices and conversations (the platform's `notify`
 * stores and pushes through the same service), the robot's conversation read from the chat module, and the
 * hub its methods are registered on.
 */
export const createImMessageModule = (platform: Platform) => ({
  messages: createImMessageService(platform),
  robotHistory: (tenantId: number, uid: number, query: Parameters<typeof robotHistory>[3]) =>
    robotHistory(platform.db, tenantId, uid, query),
  hub: platform.hub,
});
export type ImMessageModule = ReturnType<typeof createImMessageModule>;

/** The message centre composed: its services, routes and hub methods. Answers the services (help replies through them). */
export const registerImMessageModule = (app: FastifyInstance, platform: Platform): ImMessageModule => {
  const imMessage = createImMessageModule(platform);
  registerImMessageRoutes(app, imMessage);
  return imMessage;
};
