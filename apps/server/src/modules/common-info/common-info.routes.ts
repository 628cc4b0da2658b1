import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { CommonInfoModule } from './common-info.module.js';

export const registerCommonInfoRoutes = (
  app: FastifyInstance,
  { entries }: Pick<CommonInfoModule, 'entries'>,
) => {
  // Banners, notices and help entries in the caller's language.
  registerEndpoint(app, endpoints.commonInfoPage, async ({ actor, body }) => {
    const { items, total } = await entries.page(actor.tenantId, body, actor.locale);
    return { items, total, page: body.page, pageSize: body.pageSize };
  });
};
