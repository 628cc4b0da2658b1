import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DubLine } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { SIGNED_LINK_REFRESH_MS } from '../../../shared/lib/api/signed-links';
import { download } from '../../../shared/lib/api/transfer';
import { FIRST_PAGE, isRunning, POLL_MS, voiceKeys } from './voice-keys';

/** My dubbings (spec §7 textToSpeech/*): one, the list, a new one, a free preview of one line, deletion. */
export const dubbingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: voiceKeys.dubbing(id),
    queryFn: () => call(endpoints.textToSpeechDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

export const dubbingsQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.dubbings,
    queryFn: () => call(endpoints.textToSpeechPage, { body: FIRST_PAGE }, { silent: true }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

/** A plain text with one voice, or a script of lines (speakers, voices, pauses, reading fixes). */
export const addDubbing = (body: { text: string; voice: string; speed: number } | { lines: DubLine[] }) =>
  call(endpoints.textToSpeechAdd, { body });

/**
 * Starts a dubbing: the new task goes straight into its detail, my list follows, and so does my reading dictionary
 * (the script's reading fixes went into it).
 */
export const useAddDubbing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDubbing,
    onSuccess: (created) => {
      queryClient.setQueryData(voiceKeys.dubbing(created.id), created);
      void queryClient.invalidateQueries({ queryKey: voiceKeys.dubbings });
      void queryClient.invalidateQueries({ queryKey: voiceKeys.readings });
    },
  });
};

/** One line spoken before paying (MP3 as a Blob; free, rate-limited). */
export const previewLine = (line: DubLine) =>
  download(endpoints.textToSpeechPreviewLine.path, { query: { ...line }, silent: true });

export const deleteDubbing = (id: number) =>
  call(endpoints.textToSpeechDelete, { body: { id } }, { retry: true });
