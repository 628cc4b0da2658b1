import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { activityKeys } from './activity-keys';

/** Daily check-in (spec §7 `sysDailyCheckin`): this month's calendar and today's check-in. */
export const checkInDetailQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: activityKeys.checkIn(month),
    queryFn: () => call(endpoints.checkInDetail, { query: month ? { month } : {} }, { silent: true }),
  });

export const checkIn = () => call(endpoints.checkIn);

/** Checks in for today; the calendar and the points shown in the mall follow. */
export const useCheckIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.checkInAll });
      void queryClient.invalidateQueries({ queryKey: activityKeys.mall });
    },
  });
};
