import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/identity/actor.js';
import { readImageUploads } from '../../platform/storage/image-upload.js';
import type { RealNameService } from './real-name.service.js';

/** Real-name verification: the user's submission and the operators' review queue (service built by real-name.module.ts). */
export const registerRealNameRoutes = (app: FastifyInstance, service: RealNameService) => {
  registerEndpoint(app, endpoints.realNameStatus, ({ auth, tenantId }) => service.status(auth, tenantId));
  registerEndpoint(app, endpoints.realNameDetail, ({ auth }) => service.detail(auth));
  registerEndpoint(app, endpoints.realNameAdd, ({ auth, body }) => service.submit(auth, 'add', body));
  registerEndpoint(app, endpoints.realNameUpdate, ({ auth, body }) => service.submit(auth, 'update', body));
  registerEndpoint(
    app,
    endpoints.uploadIdCardImageList,
    async ({ auth, req }) => service.saveImages(auth, await readImageUploads(req, 2)),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.realNameReviewPage, ({ auth, query }) =>
    service.page(auth.tenantId, query),
  );
  registerEndpoint(app, endpoints.realNameApprove, (input) => service.approve(actorOf(input), input.body.id));
  registerEndpoint(app, endpoints.realNameReject, (input) =>
    service.reject(actorOf(input), input.body.id, input.body.reason),
  );
};
