import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Activities (spec §7 Activities): check-in, points mall, lucky wheel, food vote. */
export const activityKeys = {
  checkIn: (month?: string) => ['activity', 'check-in', month ?? 'current'] as const,
  mall: ['activity', 'mall'] as const,
  myExchanges: ['activity', 'my-exchanges'] as const,
  prizes: ['activity', 'prizes'] as const,
  myPrizes: ['activity', 'my-prizes'] as const,
  vote: ['activity', 'vote'] as const,
};

export const checkInDetailQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: activityKeys.checkIn(month),
    queryFn: () => call(endpoints.checkInDetail, { query: month ? { month } : {} }, { silent: true }),
  });

export const checkIn = () => call(endpoints.checkIn);

export const mallQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.mall,
    queryFn: () => call(endpoints.mallPage, { body: { page: 1, pageSize: 50 } }, { silent: true }),
  });

export const myExchangesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.myExchanges,
    queryFn: () => call(endpoints.mallMyExchanges, { query: { page: 1, pageSize: 50 } }, { silent: true }),
  });

export const exchangeItem = (itemId: number) => call(endpoints.mallExchange, { body: { itemId } });

export const prizeListQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.prizes, queryFn: () => call(endpoints.prizeList, {}, { silent: true }) });

export const myPrizesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.myPrizes,
    queryFn: () => call(endpoints.myPrizes, { query: { page: 1, pageSize: 50 } }, { silent: true }),
  });

export const startDraw = () => call(endpoints.startDraw);

/** Live vote counts: polled every few seconds while the page is open. */
export const VOTE_POLL_MS = 5000;
export const voteQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.vote,
    queryFn: () => call(endpoints.voteOptions, {}, { silent: true }),
    refetchInterval: VOTE_POLL_MS,
  });

export const vote = (optionId: number) => call(endpoints.vote, { body: { optionId } });
