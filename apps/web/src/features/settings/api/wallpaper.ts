import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import { userDetailQueryKey } from '../../../shared/lib/session';

/** Static wallpapers served by the server under /static/wallpaper/ (a path `homeBg` accepts). */
export const WALLPAPERS = ['sunrise', 'ocean', 'forest', 'night', 'lavender', 'mint'].map((name) => ({
  name,
  url: `/static/wallpaper/${name}.svg`,
}));

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const setHomeBg = (homeBg: string | null) => call(endpoints.metadataUpdate, { body: { metadata: { homeBg } } }, { retry: true });

/** Sets (or, with null, removes) the homepage background; the answer is my details as they now stand. */
export const useSetHomeBg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHomeBg,
    onSuccess: (answer) => queryClient.setQueryData(userDetailQueryKey, answer),
  });
};

export const uploadWallpaper = async (file: Blob, onProgress: (percent: number) => void): Promise<string> =>
  (await uploadAttachment(file, { onProgress: (p) => onProgress(p.percent ?? 0) })).url;
