import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyOf, Endpoint, ResultOf } from '@app/contract';
import { call } from '../lib/api';
import { CONSOLE_KEY } from '../lib/query-keys';

/** A console table endpoint: `POST …/page` with `{ page, pageSize, sortField, sortOrder, filters }`. */
type TableEndpoint = Endpoint;
type Body<E extends TableEndpoint> = NonNullable<BodyOf<E>>;
export type TableFilters<E extends TableEndpoint> = NonNullable<Body<E> extends { filters?: infer F } ? F : never>;
type SortField<E extends TableEndpoint> = Body<E> extends { sortField?: infer S } ? S : never;
type Item<E extends TableEndpoint> = ResultOf<E> extends { items: (infer I)[] } ? I : never;


/**
 * One server-side table: page, page size, sort and filters travel to the server, which sorts and filters
 * in SQL; answers the antd Table props and the filter state. A column is sortable on the server when its
 * `key` is one of the endpoint's sort fields and it sets `sorter: true`.
 *
 * Big tables (orders, audit log, users) answer a `nextCursor`: the page after one already seen is then asked
 * by that cursor (keyset, no OFFSET walk, stable while rows arrive); pages jumped to are asked by number.
 * Their `total` may be an estimate (`totalExact: false`).
 */
export const useServerTable = <E extends TableEndpoint>(
  endpoint: E,
  options: { name: string; filters?: TableFilters<E>; sortField?: SortField<E>; sortOrder?: 'asc' | 'desc' },
) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<{ field?: SortField<E>; order: 'asc' | 'desc' }>({
    field: options.sortField,
    order: options.sortOrder ?? 'desc',
  });
  const [filters, setFiltersState] = useState<TableFilters<E>>((options.filters ?? {}) as TableFilters<E>);
  // The cursor of each page reached by "next" so far, for this sort, size and filter only.
  const listKey = JSON.stringify([pageSize, sort, filters]);
  const cursors = useRef({ listKey, byPage: new Map<number, string>() });
  if (cursors.current.listKey !== listKey) cursors.current = { listKey, byPage: new Map() };
  const cursor = cursors.current.byPage.get(page);
  const body = {
    page,
    pageSize,
    sortField: sort.field,
    sortOrder: sort.order,
    filters,
    ...(cursor ? { cursor } : {}),
  } as unknown as Body<E>;
  const query = useQuery({
    queryKey: [CONSOLE_KEY, options.name, body],
    queryFn: () => call(endpoint, { body } as never),
    placeholderData: keepPreviousData,
  });
  const data = query.data as
    | { items: Item<E>[]; total: number; totalExact?: boolean; nextCursor?: string | null }
    | undefined;
  const nextCursor = query.isPlaceholderData ? undefined : data?.nextCursor;
  useEffect(() => {
    if (nextCursor && cursors.current.listKey === listKey) cursors.current.byPage.set(page + 1, nextCursor);
  }, [nextCursor, listKey, page]);

  /** Replaces the filters (undefined and '' values dropped) and goes back to page 1. */
  const setFilters = (next: Partial<TableFilters<E>>) => {
    const cleaned = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && value !== ''));
    setFiltersState(cleaned as TableFilters<E>);
    setPage(1);
  };

  /** A filter control's handler (`onChange`, `onSearch`): sets the one filter `key`, keeping the others. */
  const filterBy =
    <K extends keyof TableFilters<E>>(key: K) =>
    (value?: TableFilters<E>[K]) =>
      setFilters({ ...filters, [key]: value } as Partial<TableFilters<E>>);

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<Item<E>> | SorterResult<Item<E>>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPage(1);
    } else setPage(pagination.current ?? 1);
    if (one) {
      setSort(
        one.order
          ? { field: one.columnKey as SortField<E>, order: one.order === 'ascend' ? 'asc' : 'desc' }
          : { field: options.sortField, order: options.sortOrder ?? 'desc' },
      );
    }
  };

  const tableProps: TableProps<Item<E>> = {
    rowKey: 'id' as never,
    dataSource: data?.items ?? [],
    loading: query.isFetching,
    size: 'middle',
    pagination: {
      current: page,
      pageSize,
      total: data?.total ?? 0,
      showSizeChanger: true,
      // Big tables count exactly up to a cap and estimate beyond it.
      showTotal: (total) => t(data?.totalExact === false ? 'table.about' : 'table.total', { count: total }),
    },
    onChange: onChange as TableProps<Item<E>>['onChange'],
  };
  return { tableProps, filters, setFilters, filterBy };
};
