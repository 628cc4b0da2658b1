import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoAddBody } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { videoKeys } from './video';

export const addVideo = (body: VideoAddBody) => call(endpoints.articleToVideoAdd, { body });

/** Makes a video from the form; my videos list shows it at once. */
export const useAddVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.list }),
  });
};
