import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

export const likeDrawing = (id: number) => call(endpoints.aiDrawLike, { body: { id } });

/** Likes (or unlikes) a work; the answer is the work as it now stands, put straight into its detail. */
export const useLikeDrawing = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likeDrawing(id),
    onSuccess: (task) => {
      queryClient.setQueryData(drawKeys.task(id), task);
      void queryClient.invalidateQueries({ queryKey: drawKeys.weekly });
    },
  });
};
