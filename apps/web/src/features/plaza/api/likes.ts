import type { ArticleDetail } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { plazaKeys } from './articles';

/**
 * Like or take back; the detail and every list show the server's count. Kept apart from ./articles so that
 * the plaza and home tabs, which only list works, do not load TanStack's mutation code.
 */
export const useToggleLike = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) => call(like ? endpoints.likeAdd : endpoints.likeCancel, { body: { articleId: id } }),
    onSuccess: (result) => {
      queryClient.setQueryData<ArticleDetail>(plazaKeys.detail(id), (old) =>
        old ? { ...old, liked: result.liked, likeCount: result.likeCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['plaza', 'list'] });
    },
  });
};
