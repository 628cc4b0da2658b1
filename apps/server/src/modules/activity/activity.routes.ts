import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/identity/actor.js';
import type { ActivityModule } from './activity.module.js';

/**
 * Daily check-in, points mall, lucky wheel and food vote, with their operator endpoints (services built by
 * activity.module.ts).
 * The actions carry no per-IP rate limit: each is bounded per user by its own rule (once a day, the daily
 * draw limit, stock and points), and users behind one NAT must not starve each other.
 */
export const registerActivityRoutes = (
  app: FastifyInstance,
  { checkIn, mall, draw, vote }: ActivityModule,
) => {
  const uidOf = (auth: { uid: number; isGuest: boolean } | null) => (auth && !auth.isGuest ? auth.uid : null);

  registerEndpoint(app, endpoints.checkIn, ({ auth }) => checkIn.checkIn(auth.tenantId, auth.uid));
  registerEndpoint(app, endpoints.checkInDetail, ({ auth, query, locale }) =>
    checkIn.detail(auth.tenantId, auth.uid, query.month, locale),
  );
  registerEndpoint(app, endpoints.checkInList, ({ auth, query }) =>
    checkIn.list(auth.tenantId, auth.uid, query),
  );

  // Item, prize and dish names in the caller's language.
  registerEndpoint(app, endpoints.mallPage, ({ tenantId, auth, body, locale }) =>
    mall.page(tenantId, uidOf(auth), body, locale),
  );
  registerEndpoint(app, endpoints.mallExchange, ({ auth, body }) =>
    mall.exchange(auth.tenantId, auth.uid, body.itemId),
  );
  registerEndpoint(app, endpoints.mallMyExchanges, ({ auth, query }) =>
    mall.myExchanges(auth.tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.mallAdminPage, ({ auth, body }) => mall.adminPage(auth.tenantId, body));
  registerEndpoint(app, endpoints.mallAdd, (input) => mall.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.mallUpdate, (input) => mall.update(actorOf(input), input.body));
  registerEndpoint(app, endpoints.mallDelete, (input) => mall.remove(actorOf(input), input.body.id));

  registerEndpoint(app, endpoints.prizeList, ({ tenantId, auth, locale }) =>
    draw.prizeList(tenantId, uidOf(auth), locale),
  );
  registerEndpoint(app, endpoints.startDraw, ({ auth, locale }) =>
    draw.startDraw(auth.tenantId, auth.uid, locale),
  );
  registerEndpoint(app, endpoints.myPrizes, ({ auth, query, locale }) =>
    draw.myPrizes(auth.tenantId, auth.uid, query, locale),
  );
  registerEndpoint(app, endpoints.prizeAdminList, ({ auth }) => draw.adminList(auth.tenantId));
  registerEndpoint(app, endpoints.prizeAdd, (input) => draw.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.prizeUpdate, (input) => draw.update(actorOf(input), input.body));
  registerEndpoint(app, endpoints.prizeDelete, (input) => draw.remove(actorOf(input), input.body.id));

  registerEndpoint(app, endpoints.voteOptions, ({ tenantId, auth, locale }) =>
    vote.options(tenantId, uidOf(auth), locale),
  );
  registerEndpoint(app, endpoints.vote, ({ auth, body, locale }) =>
    vote.vote(auth.tenantId, auth.uid, body.optionId, locale),
  );
  registerEndpoint(app, endpoints.voteAdminList, ({ auth }) => vote.adminList(auth.tenantId));
  registerEndpoint(app, endpoints.voteOptionAdd, (input) => vote.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.voteOptionUpdate, (input) => vote.update(actorOf(input), input.body));
  registerEndpoint(app, endpoints.voteOptionDelete, (input) => vote.remove(actorOf(input), input.body.id));
};
