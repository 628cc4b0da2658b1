import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AsrTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { SIGNED_LINK_REFRESH_MS } from '../../../shared/lib/api/signed-links';
import { upload } from '../../../shared/lib/api/transfer';
import { FIRST_PAGE, isRunning, POLL_MS, voiceKeys } from './voice-keys';

/** Subtitles from audio (spec §7 audioToSrt/*): what the server can do, my tasks, a new one, deletion. */
export const subtitlesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.subtitles,
    queryFn: () => call(endpoints.audioToSrtPage, { body: FIRST_PAGE }, { silent: true }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

/** What this server can do with audio (transcribe, or align a script), asked before any upload. */
export const asrCapabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.capabilities,
    queryFn: () => call(endpoints.audioToSrtCapabilities, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

/** Uploads an audio clip (file or recording) with its optional script. */
export const addSubtitles = (file: Blob, text: string) =>
  upload<AsrTask>(endpoints.audioToSrtAdd.path, [file], { fields: text.trim() ? { text: text.trim() } : {} });

/** Starts subtitles of a clip; my subtitle tasks follow. */
export const useAddSubtitles = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, text }: { file: Blob; text: string }) => addSubtitles(file, text),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.subtitles }),
  });
};

export const deleteSubtitles = (id: number) =>
  call(endpoints.audioToSrtDelete, { body: { id } }, { retry: true });
