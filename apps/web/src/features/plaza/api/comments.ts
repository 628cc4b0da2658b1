import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { plazaKeys } from './articles';

/** Comments of a work: top-level newest first, replies one level deep. */
export const commentsInfiniteOptions = (articleId: number) =>
  infiniteQueryOptions({
    queryKey: plazaKeys.comments(articleId),
    queryFn: ({ pageParam }) =>
      call(endpoints.commentPage, { body: { articleId, page: pageParam, pageSize: 20 } }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: articleId > 0,
  });

export const useAddComment = (articleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parentId?: number }) =>
      call(endpoints.commentAdd, { body: { articleId, content: input.content, parentId: input.parentId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: plazaKeys.comments(articleId) });
      void queryClient.invalidateQueries({ queryKey: plazaKeys.detail(articleId) });
    },
  });
};
