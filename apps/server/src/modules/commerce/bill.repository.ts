import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { afterCursor, keysetPage } from '../../platform/db/keyset-page.js';
import { ledger } from '../../platform/wallet/wallet.table.js';

export type LedgerRow = typeof ledger.$inferSelect;
type Currency = 'gold' | 'points';

/** A user's ledger rows as bills: pages, one month's days, one row. */
export const createBillRepository = (db: DbOrTx) => ({
  page(
    tenantId: number,
    userId: number,
    q: { page: number; pageSize: number; cursor?: number; currency?: Currency; between?: [Date, Date] },
  ) {
    const conditions: SQL[] = [eq(ledger.tenantId, tenantId), eq(ledger.userId, userId)];
    if (q.currency) conditions.push(eq(ledger.currency, q.currency));
    if (q.between) conditions.push(gte(ledger.createdAt, q.between[0]), lt(ledger.createdAt, q.between[1]));
    if (q.cursor) conditions.push(afterCursor(ledger, [ledger.createdAt], ledger.id, q.cursor));
    // account_ledger_user_time_idx / account_ledger_user_currency_time_idx: (tenant, user, [currency], time, id).
    return keysetPage(
      q,
      db
        .select()
        .from(ledger)
        .where(and(...conditions))
        .orderBy(desc(ledger.createdAt), desc(ledger.id)),
      (row) => row.id,
    );
  },

  /** Income, expense and count per Asia/Shanghai day in [start, end), summed in the database. */
  daySums(tenantId: number, userId: number, currency: Currency, [start, end]: [Date, Date]) {
    const day = sql<string>`to_char((${ledger.createdAt} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
    return db
      .select({
        date: day,
        income: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.amount} > 0), 0)::int`,
        expense: sql<number>`coalesce(-sum(${ledger.amount}) filter (where ${ledger.amount} < 0), 0)::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(ledger)
      .where(
        and(
          eq(ledger.tenantId, tenantId),
          eq(ledger.userId, userId),
          eq(ledger.currency, currency),
          gte(ledger.createdAt, start),
          lt(ledger.createdAt, end),
        ),
      )
      .groupBy(day)
      .orderBy(day);
  },

  async one(tenantId: number, userId: number, id: number): Promise<LedgerRow | undefined> {
    const [row] = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.tenantId, tenantId), eq(ledger.userId, userId), eq(ledger.id, id)))
      .limit(1);
    return row;
  },
});
