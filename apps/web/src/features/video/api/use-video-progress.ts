import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hubEvents, videoJobTypes, type JobProgressPayload } from '@app/contract';
import { subscribeHubEvent } from '../../../shared/lib/realtime';
import { videoKeys } from './video';

/** Refreshes the video queries as soon as the hub reports a render's stage or progress. */
export const useVideoProgress = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeHubEvent(hubEvents.jobProgress, (payload) => {
        if ((payload as JobProgressPayload).type === videoJobTypes.articleToVideo) {
          void queryClient.invalidateQueries({ queryKey: videoKeys.list });
          void queryClient.invalidateQueries({ queryKey: ['video', 'detail'] });
        }
      }),
    [queryClient],
  );
};
