import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { Clock } from '../../platform/clock.js';
import { mapPage } from '../../platform/db/paged.js';
import { getAppConfig } from '../dictionary/index.js';
import type { LogExRepository } from './log-ex.repository.js';

export const createLogExService = (deps: { db: Db; repo: LogExRepository; clock: Clock }) => {
  const { db, repo, clock } = deps;
  return {
    /** Stores a client report when app_config reportLogEnable.h5 is on; false (nothing stored) otherwise. */
    async add(
      tenantId: number,
      report: ParsedBodyOf<typeof endpoints.logExAdd>,
      who: { userId: number | null; ip: string; userAgent: string | null },
    ): Promise<boolean> {
      const config = await getAppConfig(db, tenantId);
      if (!config.reportLogEnable.h5) return false;
      await repo.insert({
        tenantId,
        userId: who.userId,
        ip: who.ip.slice(0, 64),
        userAgent: who.userAgent?.slice(0, 500) ?? null,
        controllerName: report.controllerName ?? null,
        displayTitle: report.displayTitle ?? null,
        actionName: report.actionName ?? null,
        httpMethod: report.httpMethod ?? null,
        requestUrl: report.requestUrl ?? null,
        logLevel: report.logLevel,
        browser: report.browser ?? null,
        os: report.os ?? null,
        message: report.message,
        createdAt: clock.now(),
      });
      return true;
    },

    page: async (tenantId: number, filter: ParsedBodyOf<typeof endpoints.logExPage>) =>
      mapPage(await repo.page(tenantId, filter), (rows) =>
        rows.map(({ tenantId: _t, createdAt, ...row }) => ({ ...row, createTime: createdAt.toISOString() })),
      ),
  };
};
