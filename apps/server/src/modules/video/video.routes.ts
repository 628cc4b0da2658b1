import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { memberRequest } from '../../platform/identity/membership.js';
import type { VideoService } from './video.service.js';

export const registerVideoRoutes = (app: FastifyInstance, platform: Platform, service: VideoService) => {
  registerEndpoint(app, endpoints.articleToVideoTemplates, ({ tenantId, locale }) =>
    service.options(tenantId, locale),
  );

  registerEndpoint(app, endpoints.articleToVideoEstimate, ({ auth, body }) =>
    service.estimate(auth.tenantId, auth.uid, body),
  );

  registerEndpoint(
    app,
    endpoints.articleToVideoAdd,
    (input) => service.add(memberRequest(input, platform.clock.now())),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  registerEndpoint(app, endpoints.articleToVideoDetail, ({ auth, query, locale }) =>
    service.detail(auth.tenantId, auth.uid, query.id, locale),
  );
  registerEndpoint(app, endpoints.articleToVideoPage, ({ auth, body, locale }) =>
    service.page(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(app, endpoints.articleToVideoDelete, ({ auth, body }) =>
    service.remove(auth.tenantId, auth.uid, body.id),
  );

  registerEndpoint(
    app,
    endpoints.articleToVideoShare,
    ({ auth, body }) => service.share(auth.tenantId, auth.uid, body.id),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  registerEndpoint(
    app,
    endpoints.articleToVideoBgmPreview,
    async ({ tenantId, query, reply }) =>
      reply
        .header('cache-control', 'private, max-age=86400')
        .type('audio/mpeg')
        .send(await service.bgmPreview(tenantId, query.id)),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
};
