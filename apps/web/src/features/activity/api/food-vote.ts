import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { activityKeys } from './activity-keys';

/** The food vote (spec §7 `sysFoodVote`): one vote a day; live counts, polled every few seconds while the page is open. */
export const VOTE_POLL_MS = 5000;
export const voteQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.vote,
    queryFn: () => call(endpoints.voteOptions, {}, { silent: true }),
    refetchInterval: VOTE_POLL_MS,
  });

export const vote = (optionId: number) => call(endpoints.vote, { body: { optionId } });

/** Votes for an option; the answer is the counts as they now stand, put straight into the page. */
export const useVote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: vote,
    onSuccess: (answer) => queryClient.setQueryData(activityKeys.vote, answer),
  });
};
