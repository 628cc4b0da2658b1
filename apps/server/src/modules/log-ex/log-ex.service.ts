import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { LogLevel } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { Clock } from '../../platform/clock.js';
import { getAppConfig } from '../dictionary/index.js';
import { logEx } from './log-ex.table.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike } from '../../platform/db/sql.js';

export interface LogReportInput {
  controllerName?: string;
  displayTitle?: string;
  actionName?: string;
  httpMethod?: string;
  requestUrl?: string;
  logLevel: LogLevel;
  browser?: string;
  os?: string;
  message: string;
}

export const createLogExService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  return {
    /** Stores a client report when app_config reportLogEnable.h5 is on; false (nothing stored) otherwise. */
    async add(
      tenantId: number,
      report: LogReportInput,
      who: { userId: number | null; ip: string; userAgent: string | null },
    ): Promise<boolean> {
      const config = await getAppConfig(db, tenantId);
      if (!config.reportLogEnable.h5) return false;
      await db.insert(logEx).values({
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

    async page(
      tenantId: number,
      filter: { page: number; pageSize: number; logLevel?: LogLevel; message?: string },
    ) {
      const conditions: SQL[] = [eq(logEx.tenantId, tenantId)];
      if (filter.logLevel) conditions.push(eq(logEx.logLevel, filter.logLevel));
      if (filter.message) conditions.push(ilike(logEx.message, `%${escapeLike(filter.message)}%`));
      const where = and(...conditions);
      const page = await paged(
        filter,
        db.select().from(logEx).where(where).orderBy(desc(logEx.createdAt), desc(logEx.id)),
        db.select({ total: count() }).from(logEx).where(where),
      );
      return {
        ...page,
        items: page.items.map(({ tenantId: _t, createdAt, ...row }) => ({
          ...row,
          createTime: createdAt.toISOString(),
        })),
      };
    },
  };
};
