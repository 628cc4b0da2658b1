import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hubEvents, voiceJobTypes, type JobProgressPayload } from '@app/contract';
import { subscribeHubEvent } from '../../../shared/lib/realtime';
import { voiceKeys } from './voice-keys';

const voiceTypes: readonly string[] = Object.values(voiceJobTypes);

/** Refreshes the voice queries as soon as the hub reports progress of a dubbing or subtitle job. */
export const useVoiceProgress = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeHubEvent(hubEvents.jobProgress, (payload) => {
        if (voiceTypes.includes((payload as JobProgressPayload).type)) {
          void queryClient.invalidateQueries({ queryKey: ['voice'] });
        }
      }),
    [queryClient],
  );
  return voiceKeys;
};
