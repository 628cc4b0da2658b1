import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { HistoryModule } from './history.module.js';

/** `/pages/index/history`: what the caller read and generated. */
export const registerHistoryRoutes = (app: FastifyInstance, { history: repo }: HistoryModule) => {
  registerEndpoint(app, endpoints.historyPage, async ({ body, auth, tenantId }) => {
    const { items, total } = await repo.page(tenantId, auth.uid, body);
    return { items, total, page: body.page, pageSize: body.pageSize };
  });
  registerEndpoint(app, endpoints.historyDelete, async ({ body, auth, tenantId }) => ({
    deleted: await repo.remove(tenantId, auth.uid, { ids: body.ids, kind: body.kind }),
  }));
};
