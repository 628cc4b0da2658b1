import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { KeysetPaged } from '@app/contract';

// Paging of per-user lists (chats, bills, drawings, messages, videos, dubbings and subtitles): keyset after the
// cursor's row, never counted: the total is a lower bound. The operator console's big tables page with console-keyset-page.ts
// instead (totals exact up to a cap, estimated past it); the two are separate on purpose.

/** A per-user list's paging: `page`/`pageSize` as the spec's callers send them, `cursor` to go on from an item. */
export interface KeysetQuery {
  page: number;
  pageSize: number;
  /** The id of the last item of the previous page (its `nextCursor`). */
  cursor?: number;
}

/**
 * The rows after the cursor's row in a list sorted by `keys` descending, then `id` descending:
 * `(k1, …, id) < ((select k1 from t where id = $cursor), …, $cursor)`. The cursor's sort values are read from its
 * row (exact to the microsecond, which a JavaScript Date is not); the single-row lookups run once, before the scan,
 * and the row comparison is an index condition on an index ending `(k1 DESC, …, id DESC)`.
 * An item deleted since it was handed out as a cursor ends the list there (hard deletes do not happen on these lists).
 *
 * The matching indexes list the keys ascending, `(tenant, user, [type], k1, …, id)`, and are read backwards for
 * `ORDER BY k1 DESC, …, id DESC`. (Drizzle's `.desc()` on an index column writes `DESC NULLS LAST`, which an
 * `ORDER BY … DESC`, nulls first, cannot use even on a NOT NULL column.)
 */
export const afterCursor = (table: PgTable, keys: PgColumn[], id: PgColumn, cursor: number): SQL => {
  const from = keys.map((key) => sql`(select ${key} from ${table} where ${id} = ${cursor})`);
  return sql`(${sql.join([...keys, id], sql`, `)}) < (${sql.join([...from, sql`${cursor}::integer`], sql`, `)})`;
};

/** A list query before its page is cut (any Drizzle select with its where and order). */
interface KeysetPageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a per-user list without counting it: one row more than the page is read to know whether another
 * follows. With a cursor the query must already hold `afterCursor(…)` and the page starts there; without one
 * `page` is cut by offset. `total` is the lower bound the contract describes (`keysetFields`).
 */
export const keysetPage = async <Row>(
  q: KeysetQuery,
  rows: KeysetPageable<Row>,
  idOf: (row: Row) => number,
): Promise<KeysetPaged<Row>> => {
  const fetched = await rows.limit(q.pageSize + 1).offset(q.cursor ? 0 : (q.page - 1) * q.pageSize);
  const hasMore = fetched.length > q.pageSize;
  const items = hasMore ? fetched.slice(0, q.pageSize) : fetched;
  const last = items.at(-1);
  return {
    items,
    total: (q.page - 1) * q.pageSize + items.length + (hasMore ? 1 : 0),
    page: q.page,
    pageSize: q.pageSize,
    hasMore,
    nextCursor: hasMore && last ? idOf(last) : null,
  };
};

/** The same page with its items turned into what the endpoint answers. */
export const mapKeysetPage = async <Row, Item>(
  page: KeysetPaged<Row>,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<KeysetPaged<Item>> => ({ ...page, items: await map(page.items) });
