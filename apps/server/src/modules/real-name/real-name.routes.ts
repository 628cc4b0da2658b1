import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { readImageUploads } from '../../platform/storage/image-upload.js';
import type { RealNameService } from './real-name.service.js';

/** Real-name verification: the user's submission and the operators' review queue (service built by real-name.module.ts). */
export const registerRealNameRoutes = (app: FastifyInstance, service: RealNameService) => {
  registerEndpoint(app, endpoints.realNameStatus, ({ actor }) => service.status(actor));
  registerEndpoint(app, endpoints.realNameDetail, ({ actor }) => service.detail(actor));
  registerEndpoint(app, endpoints.realNameAdd, ({ actor, body }) => service.submit(actor, 'add', body));
  registerEndpoint(app, endpoints.realNameUpdate, ({ actor, body }) => service.submit(actor, 'update', body));
  registerEndpoint(
    app,
    endpoints.uploadIdCardImageList,
    async ({ actor, req }) => service.saveImages(actor, await readImageUploads(req, 2)),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.realNameReviewPage, ({ actor, query }) => service.page(actor, query));
  registerEndpoint(app, endpoints.realNameApprove, ({ actor, body }) => service.approve(actor, body.id));
  registerEndpoint(app, endpoints.realNameReject, ({ actor, body }) =>
    service.reject(actor, body.id, body.reason),
  );
};
