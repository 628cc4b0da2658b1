import type { HistoryItem } from '@app/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

export type HistoryKind = HistoryItem['kind'];

/** What the user read or generated, most recent first. */
export const historyInfiniteOptions = (kind: HistoryKind) =>
  infiniteQueryOptions({
    queryKey: ['history', kind],
    queryFn: ({ pageParam }) => call(endpoints.historyPage, { body: { kind, page: pageParam, pageSize: 20 } }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const clearHistory = (kind: HistoryKind) => call(endpoints.historyDelete, { body: { all: true, kind } }, { retry: true });
