import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { activityKeys } from './activity-keys';

/** The points mall (spec §7 `sysPointsMall`): items, my exchanges, exchanging an item for points. */
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

/** Exchanges an item: its stock, my exchanges and my points (shown on the check-in page too) change. */
export const useExchangeItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeItem,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.mall });
      void queryClient.invalidateQueries({ queryKey: activityKeys.myExchanges });
      void queryClient.invalidateQueries({ queryKey: activityKeys.checkInAll });
    },
  });
};
