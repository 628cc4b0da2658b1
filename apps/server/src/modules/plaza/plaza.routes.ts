import { createHash } from 'node:crypto';
import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/session.service.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { fromMemory } from '../../platform/http/etag.js';
import type { PlazaService, Viewer } from './plaza.service.js';
import type { ReportService } from './report.service.js';

/** Anonymous callers and guests are uid 0: they read, they never like or see drafts. */
const viewerOf = (auth: AuthContext | null): Viewer =>
  auth && !auth.isGuest ? { uid: auth.uid, isAdmin: auth.isAdmin } : { uid: 0, isAdmin: false };

/** A viewer whose reads and shares count once a day: by uid, or by a hash of the address (never stored raw). */
const countedViewerOf = (auth: AuthContext | null, ip: string): Viewer => {
  const viewer = viewerOf(auth);
  const countAs =
    viewer.uid > 0
      ? `u:${viewer.uid}`
      : `a:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
  return { ...viewer, countAs };
};

/** Content plaza: works, likes, comments, shares and reports (the services are built by plaza.module.ts). */
export const registerPlazaRoutes = (
  app: FastifyInstance,
  { plaza, reports }: { plaza: PlazaService; reports: ReportService },
) => {
  // The plaza's first pages: each caller's answer is prepared once (serialized and compressed) while nothing
  // it shows changes.
  registerEndpoint(app, endpoints.articlePage, async ({ body, auth, tenantId, reply }) => {
    const viewer = viewerOf(auth);
    const cached = await plaza.cachedPage(tenantId, viewer, body);
    return cached ? fromMemory(reply, cached) : plaza.page(tenantId, viewer, body);
  });
  registerEndpoint(app, endpoints.articleDetail, ({ query, auth, tenantId, ip }) =>
    plaza.detail(tenantId, countedViewerOf(auth, ip), query.id),
  );
  registerEndpoint(app, endpoints.articleAdd, ({ body, auth, tenantId }) =>
    plaza.add(tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.articleUpdate, ({ body, auth, tenantId }) =>
    plaza.update(tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.articleDelete, ({ body, auth, tenantId, ip }) =>
    plaza.remove(tenantId, viewerOf(auth), body.id, body.reason, ip),
  );
  registerEndpoint(
    app,
    endpoints.articleShare,
    ({ body, auth, tenantId, ip }) => plaza.share(tenantId, countedViewerOf(auth, ip), body.id),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.likeAdd, ({ body, auth, tenantId }) =>
    plaza.like(tenantId, auth.uid, body.articleId),
  );
  registerEndpoint(app, endpoints.likeCancel, ({ body, auth, tenantId }) =>
    plaza.cancelLike(tenantId, auth.uid, body.articleId),
  );
  registerEndpoint(app, endpoints.likePage, ({ body, auth, tenantId }) =>
    plaza.likedPage(tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.commentPage, ({ body, auth, tenantId }) =>
    plaza.comments(tenantId, viewerOf(auth), body),
  );
  registerEndpoint(
    app,
    endpoints.commentAdd,
    ({ body, auth, tenantId }) => plaza.addComment(tenantId, auth.uid, body),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.reportAdd,
    ({ body, auth, tenantId }) => reports.add(tenantId, auth.uid, body),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.reportPage, ({ body, tenantId }) => reports.page(tenantId, body));
};
