import { endpoints, type ChatDoneEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { sse } from '../../platform/http/sse.js';
import type { ChatModule } from './chat.module.js';

/** Chat with the robot (streamed over SSE) and the prompt templates (services built by chat.module.ts). */
export const registerChatRoutes = (
  app: FastifyInstance,
  { chat, templates, heartbeatMs }: Pick<ChatModule, 'chat' | 'templates' | 'heartbeatMs'>,
) => {
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
        { heartbeatMs, log: req.log },
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
  registerEndpoint(app, endpoints.promptTemplateCategories, ({ tenantId, locale }) =>
    templates.categories(tenantId, locale),
  );
  registerEndpoint(app, endpoints.promptTemplatePage, ({ query, tenantId, locale }) =>
    templates.page(tenantId, query, locale),
  );
  registerEndpoint(app, endpoints.promptTemplateDetail, ({ query, tenantId, locale }) =>
    templates.detail(tenantId, query.id, locale),
  );
};
