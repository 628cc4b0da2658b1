import { endpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { HelpModule } from './help.module.js';

/** Origins that count as our own for uploaded image URLs: the configured public address and the host asked. */
const ownOrigins = (publicBaseUrl: string | undefined, req: FastifyRequest): string[] => {
  const out: string[] = [];
  for (const raw of [`${req.protocol}://${req.host}`, publicBaseUrl]) {
    if (!raw) continue;
    try {
      out.push(new URL(raw).origin);
    } catch {
      // not a URL: ignore
    }
  }
  return out;
};

/** Help centre: feedback and customer service (reports use `/api/sysReport/add` of the plaza). */
export const registerHelpRoutes = (app: FastifyInstance, { help, publicBaseUrl }: HelpModule) => {
  const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  registerEndpoint(
    app,
    endpoints.feedbackAdd,
    ({ actor, body, req }) => help.addFeedback(actor, body, ownOrigins(publicBaseUrl, req)),
    writeLimit,
  );
  registerEndpoint(app, endpoints.feedbackMine, ({ actor, query }) => help.myFeedback(actor, query));
  registerEndpoint(app, endpoints.feedbackPage, ({ actor, body }) => help.feedbackPage(actor, body));
  registerEndpoint(app, endpoints.feedbackHandle, ({ actor, body }) => help.handleFeedback(actor, body));

  registerEndpoint(
    app,
    endpoints.serviceSend,
    ({ actor, body }) => help.sendToService(actor, body.content),
    writeLimit,
  );
  registerEndpoint(app, endpoints.serviceConversations, ({ actor, body }) => help.conversations(actor, body));
  registerEndpoint(app, endpoints.serviceMessages, ({ actor, body }) => help.messagesOf(actor, body));
  registerEndpoint(app, endpoints.serviceReply, ({ actor, body }) =>
    help.reply(actor, body.userId, body.content),
  );
};
