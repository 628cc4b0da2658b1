import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { LogLevel } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike } from '../../platform/db/sql.js';
import { logEx } from './log-ex.table.js';

export const createLogExRepository = (db: DbOrTx) => ({
  async insert(values: typeof logEx.$inferInsert) {
    await db.insert(logEx).values(values);
  },

  /** One page of reports, newest first, filtered by level and by words in the message. */
  page(tenantId: number, filter: { page: number; pageSize: number; logLevel?: LogLevel; message?: string }) {
    const conditions: SQL[] = [eq(logEx.tenantId, tenantId)];
    if (filter.logLevel) conditions.push(eq(logEx.logLevel, filter.logLevel));
    if (filter.message) conditions.push(ilike(logEx.message, `%${escapeLike(filter.message)}%`));
    const where = and(...conditions);
    return paged(
      filter,
      db.select().from(logEx).where(where).orderBy(desc(logEx.createdAt), desc(logEx.id)),
      db.select({ total: count() }).from(logEx).where(where),
    );
  },
});

export type LogExRepository = ReturnType<typeof createLogExRepository>;
