import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArticleCategory, type VideoTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { videoKeys } from './video';

/**
 * Shares a made video to the plaza as a video work: the task's own links are signed and short-lived, so the
 * work is given the public URLs `share` answers. `offlineNote` (the offline engine's label, in the user's
 * language) goes into the work's description: it is never spoken in the video itself.
 */
export const shareVideo = async ({ task, offlineNote }: { task: VideoTask; offlineNote: string | null }) => {
  const shared = await call(endpoints.articleToVideoShare, { body: { id: task.id } });
  return call(endpoints.articleAdd, {
    body: {
      title: task.title,
      content: offlineNote ? `${task.title}\n\n${offlineNote}` : task.title,
      categoryId: ArticleCategory.Video,
      cover: shared.coverUrl,
      images: shared.coverUrl ? [shared.coverUrl] : [],
      media: { type: 'video', url: shared.videoUrl, poster: shared.coverUrl, duration: task.duration },
    },
  });
};

/** Shares a video to the plaza; my works (where it now is) are read again. */
export const useShareVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.articles }),
  });
};
