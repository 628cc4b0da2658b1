// Paging of the operator console's big tables (orders, audit log, users): keyset by creation time with totals
// exact up to a cap and estimated past it, as the console's tables show them. Per-user lists page with
// keyset-page.ts instead (a lower-bound total, no count at all); the two are separate on purpose.
import { and, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CONSOLE_COUNT_CAP, CONSOLE_OFFSET_CAP } from '@app/contract';
import { badRequest } from '../errors.js';
import type { DbOrTx } from './client.js';
import type { Page, PageableQuery } from './paged.js';

/** A console table's paging as the console sends it: sort field and order, and the cursor it was handed. */
interface ConsoleKeysetQuery {
  page: number;
  pageSize: number;
  sortField?: string | undefined;
  sortOrder: 'asc' | 'desc';
  cursor?: string | undefined;
}

interface KeysetPage<Row> extends Page<Row> {
  nextCursor: string | null;
  totalExact: boolean;
}

interface KeysetSpec<Row> {
  table: PgTable;
  id: AnyColumn;
  createdAt: AnyColumn;
  /** The filter, tenant included. */
  where: SQL | undefined;
  /** Whether the filter is the tenant alone: a total past the cap is then the table's estimated size. */
  unfiltered: boolean;
  /** Whether the caller sorts by `createTime` (keyset); other sorts page by offset in `otherOrder`. */
  byCreateTime: boolean;
  otherOrder: SQL[];
  /** The list query with this filter and order (`limit`/`offset` are added here). */
  rows: (where: SQL | undefined, order: SQL[]) => PageableQuery<Row>;
}

/**
 * One page of a big console table. Sorted by creation time it pages by keyset: the ORDER BY is exactly
 * the `(tenant_id, created_at DESC NULLS LAST, id DESC NULLS LAST)` index (walked backwards for ascending),
 * and a cursor (the last row's id) starts the page right after that row, so no OFFSET walk and no
 * duplicates or gaps while rows arrive. Without a cursor the page is cut by offset, up to
 * `CONSOLE_OFFSET_CAP` rows. The total is an exact count up to `CONSOLE_COUNT_CAP` matching rows (a bounded
 * index scan) and an estimate past it, never a `COUNT(*)` of the whole table.
 */
export const consoleKeysetPage = async <Row extends { id: number }>(
  db: DbOrTx,
  q: ConsoleKeysetQuery,
  spec: KeysetSpec<Row>,
): Promise<KeysetPage<Row>> => {
  const { createdAt, id } = spec;
  const desc = q.sortOrder === 'desc';
  const order = spec.byCreateTime
    ? desc
      ? [sql`${createdAt} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`]
      : [sql`${createdAt} ASC NULLS FIRST`, sql`${id} ASC NULLS FIRST`]
    : spec.otherOrder;
  let where = spec.where;
  let offset = 0;
  if (spec.byCreateTime && q.cursor) {
    const after = Number(q.cursor);
    // The cursor row's own created_at, read in SQL (microseconds intact); written as a range on
    // created_at plus the tie on id, which both drivers' planners use as an index condition.
    const own = (column: AnyColumn) => sql`c.${sql.identifier(column.name)}`;
    const at = sql`(SELECT ${own(createdAt)} FROM ${spec.table} c WHERE ${own(id)} = ${after})`;
    where = and(
      where,
      desc
        ? sql`${createdAt} <= ${at} AND (${createdAt} < ${at} OR ${id} < ${after})`
        : sql`${createdAt} >= ${at} AND (${createdAt} > ${at} OR ${id} > ${after})`,
    );
  } else {
    offset = (q.page - 1) * q.pageSize;
    if (offset > CONSOLE_OFFSET_CAP) throw badRequest('console_page_too_deep', { max: CONSOLE_OFFSET_CAP });
  }

  const [rows, total] = await Promise.all([
    spec
      .rows(where, order)
      .limit(q.pageSize + 1)
      .offset(offset),
    cappedTotal(db, spec),
  ]);
  const more = rows.length > q.pageSize;
  const items = more ? rows.slice(0, q.pageSize) : rows;
  return {
    items,
    ...total,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor: spec.byCreateTime && more ? String(items[items.length - 1]!.id) : null,
  };
};

/** How many rows match: exact up to the cap, else the table's estimated size (unfiltered) or the cap. */
const cappedTotal = async (db: DbOrTx, spec: KeysetSpec<unknown>) => {
  const capped = db
    .select({ one: sql`1` })
    .from(spec.table)
    .where(spec.where)
    .limit(CONSOLE_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(counted?.n ?? 0);
  if (n <= CONSOLE_COUNT_CAP) return { total: n, totalExact: true };
  if (!spec.unfiltered) return { total: n, totalExact: false };
  // pg_class.reltuples: the planner's row count from the last ANALYZE / autovacuum (-1 before the first).
  const estimate = (await db.execute(
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = ${getTableName(spec.table)}::regclass`,
  )) as unknown as { rows: { n: number | string }[] };
  return { total: Math.max(n, Math.round(Number(estimate.rows[0]?.n ?? 0))), totalExact: false };
};
