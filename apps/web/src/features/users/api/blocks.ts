import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Blocked authors (spec §2 /set/account/block): the list and unblocking one. */
export const blockQueryKey = ['user', 'blocks'] as const;

export const blockListQueryOptions = () =>
  queryOptions({ queryKey: blockQueryKey, queryFn: () => call(endpoints.blockPage, { query: { page: 1, pageSize: 100 } }, { silent: true }) });

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const unblockUser = (userId: number) => call(endpoints.blockRemove, { body: { userId } }, { retry: true });

/**
 * Unblocks an author. Everything about users is refreshed (the list, and any profile showing the block), and the
 * mutation stays pending until it is, so the list never shows an author already unblocked.
 */
export const useUnblockUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
};
