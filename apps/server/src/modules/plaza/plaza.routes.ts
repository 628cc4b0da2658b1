import { createHash } from 'node:crypto';
import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { fromMemory } from '../../platform/http/etag.js';
import { readerOf, type Actor } from '../../platform/identity/actor.js';
import type { PlazaService } from './plaza.service.js';
import type { ReportService } from './report.service.js';

/** Who a reader's reads and shares count as, once a day: by uid, or by a hash of the address (never stored raw). */
const countAsOf = (reader: Actor, ip: string): string =>
  reader.uid > 0
    ? `u:${reader.uid}`
    : `a:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;

/** Content plaza: works, likes, comments, shares and reports (the services are built by plaza.module.ts). */
export const registerPlazaRoutes = (
  app: FastifyInstance,
  { plaza, reports }: { plaza: PlazaService; reports: ReportService },
) => {
  // The plaza's first pages: each caller's answer is prepared once (serialized and compressed) while nothing
  // it shows changes.
  registerEndpoint(app, endpoints.articlePage, async ({ actor, body, reply }) => {
    const reader = readerOf(actor);
    const cached = await plaza.cachedPage(reader, body);
    return cached ? fromMemory(reply, cached) : plaza.page(reader, body);
  });
  registerEndpoint(app, endpoints.articleDetail, ({ actor, query, ip }) => {
    const reader = readerOf(actor);
    return plaza.detail(reader, query.id, countAsOf(reader, ip));
  });
  registerEndpoint(app, endpoints.articleAdd, ({ actor, body }) => plaza.add(actor, body));
  registerEndpoint(app, endpoints.articleUpdate, ({ actor, body }) => plaza.update(actor, body));
  registerEndpoint(app, endpoints.articleDelete, ({ actor, body }) =>
    plaza.remove(readerOf(actor), body.id, body.reason),
  );
  registerEndpoint(
    app,
    endpoints.articleShare,
    ({ actor, body, ip }) => {
      const reader = readerOf(actor);
      return plaza.share(reader, body.id, countAsOf(reader, ip));
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.likeAdd, ({ actor, body }) => plaza.like(actor, body.articleId));
  registerEndpoint(app, endpoints.likeCancel, ({ actor, body }) => plaza.cancelLike(actor, body.articleId));
  registerEndpoint(app, endpoints.likePage, ({ actor, body }) => plaza.likedPage(actor, body));
  registerEndpoint(app, endpoints.commentPage, ({ actor, body }) => plaza.comments(readerOf(actor), body));
  registerEndpoint(app, endpoints.commentAdd, ({ actor, body }) => plaza.addComment(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.reportAdd, ({ actor, body }) => reports.add(actor, body), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.reportPage, ({ actor, body }) => reports.page(actor, body));
};
