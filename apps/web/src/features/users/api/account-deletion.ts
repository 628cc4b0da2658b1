import type { BodyOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { baseInfoQueryKey } from '../../../shared/lib/session';

/** Deleting the account (spec §2 /set/account/logout): what is lost, the code, the request, the cancellation. */
export const deletionLossesQueryKey = ['user', 'deletion-losses'] as const;

export const getDeletionLossesQueryOptions = () =>
  queryOptions({
    queryKey: deletionLossesQueryKey,
    queryFn: () => call(endpoints.deletionLosses, {}, { silent: true }),
    staleTime: 0,
  });

/** The SMS code, sent to the account's own phone (the page only knows it masked). */
export const sendDeleteCode = () => call(endpoints.sendDeleteCode, {}, { silent: true });

export const requestDeletion = (body: BodyOf<typeof endpoints.fakeDelete>) => call(endpoints.fakeDelete, { body }, { silent: true });

/** Cancels a pending deletion; the profile and the losses are read again. */
export const useCancelDeletion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.cancelDelete),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: baseInfoQueryKey });
      await queryClient.invalidateQueries({ queryKey: deletionLossesQueryKey });
    },
  });
};
