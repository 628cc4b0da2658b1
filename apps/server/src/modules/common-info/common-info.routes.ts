import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { createCommonInfoRepository } from './common-info.repository.js';

export const registerCommonInfoRoutes = (app: FastifyInstance, platform: Platform) => {
  const repo = createCommonInfoRepository(platform.db);
  // Banners, notices and help entries in the caller's language.
  registerEndpoint(app, endpoints.commonInfoPage, async ({ body, tenantId, locale }) => {
    const { items, total } = await repo.page(tenantId, body, locale);
    return { items, total, page: body.page, pageSize: body.pageSize };
  });
};
