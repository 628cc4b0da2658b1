import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { memberRequest } from '../../platform/identity/membership.js';
import type { VideoService } from './video.service.js';
import type { StoryboardService } from './storyboard.service.js';

export const registerVideoRoutes = (
  app: FastifyInstance,
  platform: Platform,
  service: VideoService,
  storyboard: StoryboardService,
) => {
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

  registerEndpoint(app, endpoints.articleToVideoBatchEstimate, ({ auth, body }) =>
    service.batchEstimate(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoBatch,
    (input) => service.addBatch(memberRequest(input, platform.clock.now())),
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
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

  // The storyboard (分镜): made and edited before rendering; every edit answers the whole storyboard.
  registerEndpoint(
    app,
    endpoints.articleToVideoStoryboardCreate,
    (input) => storyboard.create(memberRequest(input, platform.clock.now())),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.articleToVideoStoryboardDetail, ({ auth, query, locale }) =>
    storyboard.detail(auth.tenantId, auth.uid, query.id, locale),
  );
  const editLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  registerEndpoint(
    app,
    endpoints.articleToVideoSceneLine,
    ({ auth, body, locale }) => storyboard.editLine(auth.tenantId, auth.uid, body, locale),
    editLimit,
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoScenePicture,
    ({ auth, body, locale }) => storyboard.replacePicture(auth.tenantId, auth.uid, body, locale),
    editLimit,
  );
  registerEndpoint(app, endpoints.articleToVideoSceneMove, ({ auth, body, locale }) =>
    storyboard.move(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(app, endpoints.articleToVideoSceneDelete, ({ auth, body, locale }) =>
    storyboard.deleteScene(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoSceneAdd,
    ({ auth, body, locale }) => storyboard.addScene(auth.tenantId, auth.uid, body, locale),
    editLimit,
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoStoryboardRender,
    (input) => storyboard.render(memberRequest(input, platform.clock.now())),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
};
