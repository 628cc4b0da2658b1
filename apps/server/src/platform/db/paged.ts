import type { PageQuery } from '@app/contract';

/** A list query before its page is cut: any Drizzle select (joins, where and order included). */
export interface PageableQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list, as every list endpoint answers it: the page's rows and the count of all matching
 * rows, queried together. `total` is a `select({ total: count() })` over the same filter.
 */
export const paged = async <Row>(
  page: PageQuery,
  rows: PageableQuery<Row>,
  total: PromiseLike<{ total: number }[]>,
): Promise<Page<Row>> => {
  const [items, [counted]] = await Promise.all([
    rows.limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    total,
  ]);
  return { items, total: counted?.total ?? 0, page: page.page, pageSize: page.pageSize };
};

/** The same page with its items turned into what the endpoint answers. */
export const mapPage = async <Row, Item>(
  page: Page<Row>,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> => ({ ...page, items: await map(page.items) });
