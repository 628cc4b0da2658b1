import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { drawJobType, drawUpscaleJobType, hubEvents, type JobProgressPayload } from '@app/contract';
import { subscribeHubEvent } from '../../../shared/lib/realtime';
import { drawKeys } from './draw-keys';

/** Refreshes the drawing queries as soon as the hub reports progress of a drawing job. */
export const useDrawProgress = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeHubEvent(hubEvents.jobProgress, (payload) => {
        const type = (payload as JobProgressPayload).type;
        if (type === drawJobType || type === drawUpscaleJobType)
          void queryClient.invalidateQueries({ queryKey: drawKeys.all });
      }),
    [queryClient],
  );
};
