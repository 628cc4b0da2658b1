import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { videoKeys } from './video';

export const deleteVideo = (id: number) =>
  call(endpoints.articleToVideoDelete, { body: { id } }, { retry: true });

/** Deletes one of my videos (a render still going is canceled and its gold given back by the server). */
export const useDeleteVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.list }),
  });
};
