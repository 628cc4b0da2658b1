import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import { StorageKey, storage } from '../../../shared/lib/storage';

/** Static wallpapers served by the server under /static/wallpaper/ (a path `homeBg` accepts). */
export const WALLPAPERS = ['sunrise', 'ocean', 'forest', 'night', 'lavender', 'mint'].map((name) => ({
  name,
  url: `/static/wallpaper/${name}.svg`,
}));

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const setHomeBg = (homeBg: string | null) => call(endpoints.metadataUpdate, { body: { metadata: { homeBg } } }, { retry: true });

export const uploadWallpaper = async (file: Blob, onProgress: (percent: number) => void): Promise<string> =>
  (await uploadAttachment(file, { onProgress: (p) => onProgress(p.percent ?? 0) })).url;

/** Generated works of the user (history of kind `generated`). */
export const generatedFilesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'files'],
    queryFn: () => call(endpoints.historyPage, { body: { page: 1, pageSize: 100, kind: 'generated' } }, { silent: true }),
  });
export const deleteGeneratedFile = (id: number) => call(endpoints.historyDelete, { body: { ids: [id] } }, { retry: true });

/** A generated video is expired once now is at or beyond its creation time plus `saveVideoTime` seconds (spec §4). */
export const isVideoExpired = (createdAt: string, saveVideoTime: number | undefined, now = Date.now()): boolean =>
  typeof saveVideoTime === 'number' && saveVideoTime > 0 && now >= new Date(createdAt).getTime() + saveVideoTime * 1000;

/** Clears cached answers and stored config; the session and the language stay. */
export const clearCache = async (queryClient: QueryClient): Promise<void> => {
  queryClient.clear();
  storage.remove(StorageKey.appConfig);
  try {
    if ('caches' in globalThis) for (const name of await caches.keys()) await caches.delete(name);
  } catch {
    // Cache storage unavailable: nothing else to clear.
  }
};
