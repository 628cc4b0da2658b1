import { sql, type AnyColumn } from 'drizzle-orm';

/** `col DESC NULLS LAST`: the exact ordering of the list indexes (a plain DESC would sort nulls first). */
export const descNullsLast = (column: AnyColumn) => sql`${column} DESC NULLS LAST`;

/** Escapes LIKE's wildcards so a user's search text matches literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A unique-index violation from either driver (drizzle may wrap the driver error in `cause`). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * ORDER BY of a console table: the caller's sort field (one of `columns`, else `fallback`) in the caller's
 * order, nulls last, then `tieBreak` in the same order so pages never overlap.
 */
export const sortedBy = <F extends string>(
  columns: Record<F, AnyColumn>,
  query: { sortField?: F | undefined; sortOrder: 'asc' | 'desc' },
  fallback: F,
  tieBreak: AnyColumn,
) => {
  const column = columns[query.sortField ?? fallback];
  return query.sortOrder === 'asc'
    ? [sql`${column} ASC NULLS LAST`, sql`${tieBreak} ASC`]
    : [descNullsLast(column), sql`${tieBreak} DESC`];
};

/** How many rows of a review queue wait and when the oldest arrived, in one aggregate query. */
export const waitingQueue = async (
  db: import('./client.js').DbOrTx,
  table: import('drizzle-orm/pg-core').PgTable,
  where: import('drizzle-orm').SQL | undefined,
  arrivedAt: AnyColumn,
): Promise<{ waiting: number; oldest: Date | null }> => {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from min(${arrivedAt}))::float8`,
    })
    .from(table)
    .where(where);
  return {
    waiting: Number(row?.waiting ?? 0),
    oldest: row?.oldest == null ? null : new Date(Number(row.oldest) * 1000),
  };
};

/** The Asia/Shanghai calendar day (`YYYY-MM-DD`) of a timestamp column, in SQL (China has no DST: +8 h). */
export const shanghaiDay = (column: AnyColumn) =>
  sql<string>`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
