import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createChatRepositories } from './chat.repository.js';
import { createChatService, createTemplateService } from './chat.service.js';
import { createGenerationRegistry } from './generation-registry.js';
import { createTemplateAdmin } from './template.admin.js';

/** Older than any answer still streaming (each waits at most AI_TEXT_IDLE_TIMEOUT_MS per chunk). */
const INTERRUPTED_ANSWER_AGE_MS = 30 * 60_000;

/**
 * Chat's services, built once per app: the chat with the robot (over the registry of answers being generated,
 * shared through Redis when configured), the prompt templates and the operators' template editor.
 */
export const createChatModule = (platform: Platform) => {
  const { config } = platform;
  const store = createChatRepositories(platform.db);
  const registry = createGenerationRegistry({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log: platform.log,
  });
  const chat = createChatService({
    store,
    db: platform.db,
    clock: platform.clock,
    providers: platform.providers.text,
    registry,
    censor: platform.censor,
    log: platform.log,
  });
  return {
    store,
    registry,
    chat,
    templates: createTemplateService({ store, cache: platform.cache }),
    templateAdmin: createTemplateAdmin({ store, clock: platform.clock }),
    heartbeatMs: config.CHAT_HEARTBEAT_MS,
  };
};
export type ChatModule = ReturnType<typeof createChatModule>;

/** Chat: its services, their start and stop with the process, and its routes. */
export const chatModule = defineModule({
  name: 'chat',
  create: createChatModule,
  // An answer whose process died stays "streaming" for ever: on start, close such answers as stopped with
  // the text they stored (as jobs are taken back). The embedded database serves one process, so every
  // streaming answer is one; on PostgreSQL other API processes may be streaming now, so only answers
  // started longer ago than any live answer runs.
  start: async ({ store }, platform) => {
    const now = platform.clock.now();
    const startedBefore =
      platform.database.kind === 'pglite' ? undefined : new Date(now.getTime() - INTERRUPTED_ANSWER_AGE_MS);
    const closed = await store.repos.chat.closeInterruptedAnswers(now, startedBefore);
    if (closed) platform.log.info({ closed }, 'chat answers left streaming by a stopped process closed');
  },
  close: ({ registry }) => registry.close(),
  routes: async (app, chat) => (await import('./chat.routes.js')).registerChatRoutes(app, chat),
});
