import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { activityKeys } from './activity-keys';

/** The lucky wheel (spec §7 `sysDrawPrize`): prizes, my prizes, one draw. */
export const prizeListQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.prizes, queryFn: () => call(endpoints.prizeList, {}, { silent: true }) });

export const myPrizesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.myPrizes,
    queryFn: () => call(endpoints.myPrizes, { query: { page: 1, pageSize: 50 } }, { silent: true }),
  });

export const startDraw = () => call(endpoints.startDraw);

/**
 * One draw: the server picks the slot the wheel stops on. It invalidates nothing itself: the page refreshes what
 * the draw changed with `useRefreshAfterDraw` once the wheel has stopped, so that points and prizes do not give
 * the result away while it still spins.
 */
export const useStartDraw = () => useMutation({ mutationFn: startDraw });

/** What a draw changes: draws left, my prizes, my points (check-in page and mall). */
export const useRefreshAfterDraw = () => {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: activityKeys.prizes });
    void queryClient.invalidateQueries({ queryKey: activityKeys.myPrizes });
    void queryClient.invalidateQueries({ queryKey: activityKeys.checkInAll });
    void queryClient.invalidateQueries({ queryKey: activityKeys.mall });
  }, [queryClient]);
};
