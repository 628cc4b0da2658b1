import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDubbing } from './dubbings';
import { deleteSubtitles } from './subtitles';
import { voiceKeys } from './voice-keys';

/** Which of my lists a task is in: dubbings or subtitles. */
export type VoiceTaskKind = 'dub' | 'srt';

/** Deletes one of my dubbings or subtitle tasks; its list follows. */
export const useDeleteVoiceTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: VoiceTaskKind; id: number }) =>
      kind === 'dub' ? deleteDubbing(id) : deleteSubtitles(id),
    onSuccess: (_done, { kind }) =>
      void queryClient.invalidateQueries({ queryKey: kind === 'dub' ? voiceKeys.dubbings : voiceKeys.subtitles }),
  });
};
