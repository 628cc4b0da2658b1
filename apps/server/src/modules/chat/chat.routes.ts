import { endpoints, type ChatDoneEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { createTextProviders } from '../../platform/ai/text/text-providers.js';
import { createChatService, createTemplateService, fallbackCensor, type ChatCensor } from './chat.service.js';
import { createGenerationRegistry } from './generation-registry.js';

/** The platform's tenant-aware censor service when it is there, else the seed word list. */
const censorOf = (platform: Platform): ChatCensor =>
  (platform as Platform & { censor?: ChatCensor }).censor ?? fallbackCensor();

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
    providers: createTextProviders(config),
    registry,
    censor: censorOf(platform),
    log: platform.log,
  });
  const templates = createTemplateService(platform.db);

  registerEndpoint(
    app,
    endpoints.chatSendToRobot,
    async ({ params, body, auth, membership, tenantId, locale, reply, req }) => {
      // Anything wrong so far throws and is answered as a JSON envelope.
      const generation = await chat.prepare(
        { tenantId, userId: auth.uid, robotId: params.id, locale, ...body },
        membership,
      );

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const send = (event: string, data: unknown) => {
        if (!res.writableEnded && !res.destroyed)
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let finished = false;
      // The client went away (closed the tab, aborted the fetch): stop generating upstream.
      res.on('close', () => {
        if (!finished) generation.abort('disconnect');
      });
      const heartbeat = setInterval(() => {
        if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
      }, config.CHAT_HEARTBEAT_MS);
      send('start', generation.start);
      // The SSE answer is written here; the value returned is not sent (kind 'sse').
      let done: ChatDoneEvent | undefined;
      try {
        const outcome = await generation.run((text) => send('delta', { text }));
        send(outcome.event, outcome.data);
        if (outcome.event === 'done') done = outcome.data;
      } catch (error) {
        req.log.error({ err: error }, 'chat stream failed');
        send('error', { error: 'internal_error', message: 'internal_error' });
      } finally {
        finished = true;
        clearInterval(heartbeat);
        if (!res.writableEnded) res.end();
      }
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
  registerEndpoint(app, endpoints.promptTemplateCategories, ({ tenantId }) => templates.categories(tenantId));
  registerEndpoint(app, endpoints.promptTemplatePage, ({ query, tenantId }) =>
    templates.page(tenantId, query),
  );
  registerEndpoint(app, endpoints.promptTemplateDetail, ({ query, tenantId }) =>
    templates.detail(tenantId, query.id),
  );
};
