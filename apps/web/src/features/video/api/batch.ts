import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoBatchBody, VideoBatchEstimateBody } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { videoKeys } from './video';

/** 批量生成: up to 5 videos in one go (articleToVideo/batch and its estimate). */
export const batchKeys = {
  estimate: (body: VideoBatchEstimateBody) => ['video', 'batch-estimate', body] as const,
};

/** What each video of a batch and the whole batch cost (words, seconds, gold). */
export const batchEstimateQueryOptions = (body: VideoBatchEstimateBody) =>
  queryOptions({
    queryKey: batchKeys.estimate(body),
    queryFn: () => call(endpoints.articleToVideoBatchEstimate, { body }, { silent: true }),
    staleTime: 60_000,
  });

export const addVideoBatch = (body: VideoBatchBody) => call(endpoints.articleToVideoBatch, { body });

/** Makes the batch's videos (each its own task; those past my free places wait); my videos list shows them. */
export const useAddVideoBatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVideoBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.list }),
  });
};
