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
  registerEndpoint(app, endpoints.chatSendToRobot, async ({ actor, params, body, reply, req }) => {
    // Anything wrong so far throws and is answered as a JSON envelope.
    const generation = await chat.prepare(actor, { robotId: params.id, ...body });

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
  });

  registerEndpoint(app, endpoints.chatStop, ({ actor, body }) => chat.stop(actor, body.messageId));
  registerEndpoint(app, endpoints.chatQuota, ({ actor }) => chat.quota(actor));
  registerEndpoint(app, endpoints.chatMessageDetail, ({ actor, query }) =>
    chat.detail(actor, query.messageId),
  );
  registerEndpoint(app, endpoints.chatMessageUpdate, ({ actor, body }) =>
    chat.update(actor, body.messageId, body.content),
  );
  registerEndpoint(app, endpoints.chatHistory, ({ actor, query }) => chat.robotHistory(actor, query));
  registerEndpoint(app, endpoints.chatConversations, ({ actor, query }) => chat.conversations(actor, query));
  registerEndpoint(app, endpoints.promptTemplateCategories, ({ actor }) => templates.categories(actor));
  registerEndpoint(app, endpoints.promptTemplatePage, ({ actor, query }) => templates.page(actor, query));
  registerEndpoint(app, endpoints.promptTemplateDetail, ({ actor, query }) =>
    templates.detail(actor, query.id),
  );
};
