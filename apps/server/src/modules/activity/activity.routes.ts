import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
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
  registerEndpoint(app, endpoints.checkIn, ({ actor }) => checkIn.checkIn(actor));
  registerEndpoint(app, endpoints.checkInDetail, ({ actor, query }) => checkIn.detail(actor, query.month));
  registerEndpoint(app, endpoints.checkInList, ({ actor, query }) => checkIn.list(actor, query));

  // Item, prize and dish names in the caller's language.
  registerEndpoint(app, endpoints.mallPage, ({ actor, body }) => mall.page(actor, body));
  registerEndpoint(app, endpoints.mallExchange, ({ actor, body }) => mall.exchange(actor, body.itemId));
  registerEndpoint(app, endpoints.mallMyExchanges, ({ actor, query }) => mall.myExchanges(actor, query));
  registerEndpoint(app, endpoints.mallAdminPage, ({ actor, body }) => mall.adminPage(actor, body));
  registerEndpoint(app, endpoints.mallAdd, ({ actor, body }) => mall.add(actor, body));
  registerEndpoint(app, endpoints.mallUpdate, ({ actor, body }) => mall.update(actor, body));
  registerEndpoint(app, endpoints.mallDelete, ({ actor, body }) => mall.remove(actor, body.id));

  registerEndpoint(app, endpoints.prizeList, ({ actor }) => draw.prizeList(actor));
  registerEndpoint(app, endpoints.startDraw, ({ actor }) => draw.startDraw(actor));
  registerEndpoint(app, endpoints.myPrizes, ({ actor, query }) => draw.myPrizes(actor, query));
  registerEndpoint(app, endpoints.prizeAdminList, ({ actor }) => draw.adminList(actor));
  registerEndpoint(app, endpoints.prizeAdd, ({ actor, body }) => draw.add(actor, body));
  registerEndpoint(app, endpoints.prizeUpdate, ({ actor, body }) => draw.update(actor, body));
  registerEndpoint(app, endpoints.prizeDelete, ({ actor, body }) => draw.remove(actor, body.id));

  registerEndpoint(app, endpoints.voteOptions, ({ actor }) => vote.options(actor));
  registerEndpoint(app, endpoints.vote, ({ actor, body }) => vote.vote(actor, body.optionId));
  registerEndpoint(app, endpoints.voteAdminList, ({ actor }) => vote.adminList(actor));
  registerEndpoint(app, endpoints.voteOptionAdd, ({ actor, body }) => vote.add(actor, body));
  registerEndpoint(app, endpoints.voteOptionUpdate, ({ actor, body }) => vote.update(actor, body));
  registerEndpoint(app, endpoints.voteOptionDelete, ({ actor, body }) => vote.remove(actor, body.id));
};
