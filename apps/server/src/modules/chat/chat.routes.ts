import { endpoints, type ChatDoneEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { sse } from '../../platform/http/sse.js';
import type { Platform } from '../../platform/platform.js';
import { createChatRepository } from './chat.repository.js';
import { createChatService, createTemplateService } from './chat.service.js';
import { createGenerationRegistry } from './generation-registry.js';

/** Older than any answer still streaming (each waits at most AI_TEXT_IDLE_TIMEOUT_MS per chunk). */
const INTERRUPTED_ANSWER_AGE_MS = 30 * 60_000;

export const registerChatRoutes = (app: FastifyInstance, platform: Platform) => {
  const { config } = platform;
  const registry = createGenerationRegistry({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log: platform.log,
  });
  app.addHook('onClose', () => registry.close());
  const chat = createChatService({
    db: platform.db,
    clock: platform.clock,
    providers: platform.providers.text,
    registry,
    censor: platform.censor,
    log: platform.log,
  });
  const templates = createTemplateService(platform.db, platform.cache);

  // An answer whose process died stays "streaming" for ever: on start, close such answers as stopped with
  // the text they stored (as jobs are taken back). The embedded database serves one process, so every
  // streaming answer is one; on PostgreSQL other API processes may be streaming now, so only answers
  // started longer ago than any live answer runs.
  app.addHook('onReady', async () => {
    const now = platform.clock.now();
    const startedBefore =
      platform.database.kind === 'pglite' ? undefined : new Date(now.getTime() - INTERRUPTED_ANSWER_AGE_MS);
    const closed = await createChatRepository(platform.db).closeInterruptedAnswers(now, startedBefore);
    if (closed) platform.log.info({ closed }, 'chat answers left streaming by a stopped process closed');
  });

  registerEndpoint(
    app,
    endpoints.chatSendToRobot,
    async ({ params, body, auth, membership, tenantId, locale, reply, req }) => {
      // Anything wrong so far throws and is answered as a JSON envelope.
      const generation = await chat.prepare(
        { tenantId, userId: auth.uid, robotId: params.id, locale, ...body },
        membership,
      );

      const done = await sse(
        reply,
        async (stream) => {
          const leave = () => generation.abort('disconnect');
          if (stream.signal.aborted) leave();
          else stream.signal.addEventListener('abort', leave);
          stream.send('start', generation.start);
          const outcome = await generation.run((text) => stream.send('delta', { text }));
          stream.send(outcome.event, outcome.data);
          return outcome.event === 'done' ? outcome.data : undefined;
        },
        { heartbeatMs: config.CHAT_HEARTBEAT_MS, log: req.log },
      );
      // The SSE answer is written above; the value returned is not sent (kind 'sse').
      return done as ChatDoneEvent;
    },
  );

  registerEndpoint(app, endpoints.chatStop, ({ body, auth, tenantId }) =>
    chat.stop(tenantId, auth.uid, body.messageId),
  );
  registerEndpoint(app, endpoints.chatQuota, ({ auth, tenantId, membership }) =>
    chat.quota(tenantId, auth.uid, membership),
  );
  registerEndpoint(app, endpoints.chatMessageDetail, ({ query, auth, tenantId }) =>
    chat.detail(tenantId, auth.uid, query.messageId),
  );
  registerEndpoint(app, endpoints.chatMessageUpdate, ({ body, auth, tenantId }) =>
    chat.update(tenantId, auth.uid, body.messageId, body.content),
  );
  registerEndpoint(app, endpoints.chatHistory, ({ query, auth, tenantId }) =>
    chat.robotHistory(tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.chatConversations, ({ query, auth, tenantId }) =>
    chat.conversations(tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.promptTemplateCategories, ({ tenantId, locale }) => templates.categories(tenantId, locale));
  registerEndpoint(app, endpoints.promptTemplatePage, ({ query, tenantId, locale }) =>
    templates.page(tenantId, query, locale),
  );
  registerEndpoint(app, endpoints.promptTemplateDetail, ({ query, tenantId, locale }) =>
    templates.detail(tenantId, query.id, locale),
  );
};
