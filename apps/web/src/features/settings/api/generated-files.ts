import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Generated works of the user (history of kind `generated`): download management. */
export const generatedFilesQueryKey = ['settings', 'files'] as const;

export const generatedFilesQueryOptions = () =>
  queryOptions({
    queryKey: generatedFilesQueryKey,
    queryFn: () => call(endpoints.historyPage, { body: { page: 1, pageSize: 100, kind: 'generated' } }, { silent: true }),
  });

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const deleteGeneratedFile = (id: number) => call(endpoints.historyDelete, { body: { ids: [id] } }, { retry: true });

/** Deletes one generated file from the list; the list follows. */
export const useDeleteGeneratedFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneratedFile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: generatedFilesQueryKey }),
  });
};

/** A generated video is expired once now is at or beyond its creation time plus `saveVideoTime` seconds (spec §4). */
export const isVideoExpired = (createdAt: string, saveVideoTime: number | undefined, now = Date.now()): boolean =>
  typeof saveVideoTime === 'number' && saveVideoTime > 0 && now >= new Date(createdAt).getTime() + saveVideoTime * 1000;
