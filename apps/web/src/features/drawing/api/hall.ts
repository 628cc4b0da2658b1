import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DrawStyle } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

/** The hall of published works: pages of it, a work's remixes, the weekly ranking. */
const HALL_PAGE_SIZE = 20;
export const hallQueryOptions = (sort: 'newest' | 'hottest', userId?: number, style?: DrawStyle) =>
  infiniteQueryOptions({
    queryKey: drawKeys.hall(sort, userId, style),
    queryFn: ({ pageParam }) =>
      call(
        endpoints.aiDrawPage,
        { body: { scope: 'hall', sort, userId, style, ...pageParam, pageSize: HALL_PAGE_SIZE } },
        { silent: true },
      ),
    // Deeper pages go on from the last work shown (keyset cursor): no offset walk, no repeats as works arrive.
    initialPageParam: { page: 1 } as { page: number; cursor?: number },
    getNextPageParam: (last) => (last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined),
  });

/** The published remixes (一键同款) of a work, newest first: the first page. */
export const remixesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: drawKeys.remixes(id),
    queryFn: () =>
      call(endpoints.aiDrawPage, { body: { scope: 'hall', remixOf: id, page: 1, pageSize: HALL_PAGE_SIZE } }, { silent: true }),
  });

/** The hall's weekly ranking (most liked this week). */
export const weeklyRankingQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.weekly,
    queryFn: () => call(endpoints.aiDrawWeeklyRanking, {}, { silent: true }),
  });
