import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { VideoService } from './video.service.js';
import type { StoryboardService } from './storyboard.service.js';

export const registerVideoRoutes = (
  app: FastifyInstance,
  service: VideoService,
  storyboard: StoryboardService,
) => {
  registerEndpoint(app, endpoints.articleToVideoTemplates, ({ actor }) => service.options(actor));

  registerEndpoint(app, endpoints.articleToVideoEstimate, ({ actor, body }) => service.estimate(actor, body));

  registerEndpoint(app, endpoints.articleToVideoAdd, ({ actor, body }) => service.add(actor, body), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });

  registerEndpoint(app, endpoints.articleToVideoBatchEstimate, ({ actor, body }) =>
    service.batchEstimate(actor, body),
  );
  registerEndpoint(app, endpoints.articleToVideoBatch, ({ actor, body }) => service.addBatch(actor, body), {
    rateLimit: { max: 5, timeWindow: '1 minute' },
  });

  registerEndpoint(app, endpoints.articleToVideoDetail, ({ actor, query }) =>
    service.detail(actor, query.id),
  );
  registerEndpoint(app, endpoints.articleToVideoPage, ({ actor, body }) => service.page(actor, body));
  registerEndpoint(app, endpoints.articleToVideoDelete, ({ actor, body }) => service.remove(actor, body.id));

  registerEndpoint(app, endpoints.articleToVideoShare, ({ actor, body }) => service.share(actor, body.id), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });

  registerEndpoint(
    app,
    endpoints.articleToVideoBgmPreview,
    async ({ actor, query, reply }) =>
      reply
        .header('cache-control', 'private, max-age=86400')
        .type('audio/mpeg')
        .send(await service.bgmPreview(actor, query.id)),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  // 下载工程包: the zip is streamed as it is made (no length known beforehand).
  registerEndpoint(
    app,
    endpoints.articleToVideoProject,
    async ({ actor, query, reply }) => {
      const zip = await service.project(actor, query.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${zip.name}"`)
        .type('application/zip')
        .send(zip.stream);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  // The storyboard (分镜): made and edited before rendering; every edit answers the whole storyboard.
  registerEndpoint(
    app,
    endpoints.articleToVideoStoryboardCreate,
    ({ actor, body }) => storyboard.create(actor, body),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.articleToVideoStoryboardDetail, ({ actor, query }) =>
    storyboard.detail(actor, query.id),
  );
  const editLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  registerEndpoint(
    app,
    endpoints.articleToVideoSceneLine,
    ({ actor, body }) => storyboard.editLine(actor, body),
    editLimit,
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoScenePicture,
    ({ actor, body }) => storyboard.replacePicture(actor, body),
    editLimit,
  );
  registerEndpoint(app, endpoints.articleToVideoSceneMove, ({ actor, body }) => storyboard.move(actor, body));
  registerEndpoint(app, endpoints.articleToVideoSceneDelete, ({ actor, body }) =>
    storyboard.deleteScene(actor, body),
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoSceneAdd,
    ({ actor, body }) => storyboard.addScene(actor, body),
    editLimit,
  );
  registerEndpoint(
    app,
    endpoints.articleToVideoStoryboardRender,
    ({ actor, body }) => storyboard.render(actor, body),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
};
