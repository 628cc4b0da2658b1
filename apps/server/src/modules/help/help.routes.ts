import { endpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/audit/audit.js';
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
    ({ auth, body, req }) => help.addFeedback(auth.tenantId, auth.uid, body, ownOrigins(publicBaseUrl, req)),
    writeLimit,
  );
  registerEndpoint(app, endpoints.feedbackMine, ({ auth, query }) =>
    help.myFeedback(auth.tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.feedbackPage, ({ auth, body }) => help.feedbackPage(auth.tenantId, body));
  registerEndpoint(app, endpoints.feedbackHandle, (input) => help.handleFeedback(actorOf(input), input.body));

  registerEndpoint(
    app,
    endpoints.serviceSend,
    ({ auth, body }) => help.sendToService(auth.tenantId, auth.uid, body.content),
    writeLimit,
  );
  registerEndpoint(app, endpoints.serviceConversations, ({ auth, body }) =>
    help.conversations(auth.tenantId, body),
  );
  registerEndpoint(app, endpoints.serviceMessages, ({ auth, body }) => help.messagesOf(auth.tenantId, body));
  registerEndpoint(app, endpoints.serviceReply, (input) =>
    help.reply(actorOf(input), input.body.userId, input.body.content),
  );
};
