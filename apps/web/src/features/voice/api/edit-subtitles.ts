import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { voiceKeys } from './voice-keys';

type SubtitleEdit = { id: number; kind: 'tts' | 'asr'; lines: string[] };

/** Saves edited subtitle lines of a finished task; the server times them again from the speech. */
export const editSubtitles = (body: SubtitleEdit) => call(endpoints.textToSpeechSubtitles, { body });

/**
 * Saves edited subtitle lines. A dubbing's detail is fetched again (its SRT and ASS follow the new cues); for
 * subtitles from audio, the list of my subtitle tasks is, since it holds them.
 */
export const useEditSubtitles = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSubtitles,
    onSuccess: (_, { id, kind }) =>
      void queryClient.invalidateQueries({ queryKey: kind === 'tts' ? voiceKeys.dubbing(id) : voiceKeys.subtitles }),
  });
};
