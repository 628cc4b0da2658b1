import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * How many rows of `table` match `where`, read no further than `cap` + 1 rows (an index that matches `where`
 * keeps it cheap however large the table grows): `more` when there are more than `cap`.
 */
export const cappedCount = async (
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ count: number; more: boolean }> => {
  const firstRows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('first_rows');
  const [row] = await db.select({ n: count() }).from(firstRows);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), more: n > cap };
};
