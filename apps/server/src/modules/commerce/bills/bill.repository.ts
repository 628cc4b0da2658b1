import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { afterCursor, keysetPage } from '../../../platform/db/keyset-page.js';
import { goldHolds, ledger } from '../../../platform/wallet/wallet.table.js';

type LedgerRow = typeof ledger.$inferSelect;
type Currency = 'gold' | 'points';
/** A ledger row with the state of the task hold it belongs to (null for rows of no hold). */
export interface BillRow {
  row: LedgerRow;
  holdStatus: 'held' | 'captured' | 'released' | null;
}

/** The hold a row belongs to: one per (tenant, refType, refId), found through gold_hold_ref_uq. */
const holdOfRow = and(
  eq(goldHolds.tenantId, ledger.tenantId),
  eq(goldHolds.refType, ledger.refType),
  eq(goldHolds.refId, ledger.refId),
);
/**
 * A paid task shows as one line: its hold's debit row. The capture row (0) and the release row (the gold back)
 * are folded into it, so they are left out of lists and sums.
 */
const isShownLine = sql`(${goldHolds.id} IS NULL OR ${ledger.reason} = ${goldHolds.reason})`;
/** What a shown line finally changed the balance by: a released hold's debit came back (0). */
const netAmount = sql`(CASE WHEN ${goldHolds.status} = 'released' THEN 0 ELSE ${ledger.amount} END)`;

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
    // account_ledger_user_time_idx / account_ledger_user_currency_time_idx: (tenant, user, [currency], time, id);
    // each row's hold is one lookup through gold_hold_ref_uq.
    return keysetPage(
      q,
      db
        .select({ row: ledger, holdStatus: goldHolds.status })
        .from(ledger)
        .leftJoin(goldHolds, holdOfRow)
        .where(and(...conditions, isShownLine))
        .orderBy(desc(ledger.createdAt), desc(ledger.id)),
      (bill: BillRow) => bill.row.id,
    );
  },

  /** Income, expense and count per Asia/Shanghai day in [start, end), summed in the database. */
  daySums(tenantId: number, userId: number, currency: Currency, [start, end]: [Date, Date]) {
    const day = sql<string>`to_char((${ledger.createdAt} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
    return db
      .select({
        date: day,
        income: sql<number>`coalesce(sum(${netAmount}) filter (where ${netAmount} > 0), 0)::int`,
        expense: sql<number>`coalesce(-sum(${netAmount}) filter (where ${netAmount} < 0), 0)::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(ledger)
      .leftJoin(goldHolds, holdOfRow)
      .where(
        and(
          eq(ledger.tenantId, tenantId),
          eq(ledger.userId, userId),
          eq(ledger.currency, currency),
          gte(ledger.createdAt, start),
          lt(ledger.createdAt, end),
          isShownLine,
        ),
      )
      .groupBy(day)
      .orderBy(day);
  },

  async one(tenantId: number, userId: number, id: number): Promise<BillRow | undefined> {
    const [row] = await db
      .select({ row: ledger, holdStatus: goldHolds.status })
      .from(ledger)
      .leftJoin(goldHolds, holdOfRow)
      .where(and(eq(ledger.tenantId, tenantId), eq(ledger.userId, userId), eq(ledger.id, id)))
      .limit(1);
    return row;
  },
});
export type BillRepository = ReturnType<typeof createBillRepository>;
