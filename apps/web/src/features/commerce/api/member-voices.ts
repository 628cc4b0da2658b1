import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** The voice list (the dubbing page's, same cache key): which voices can speak on this server. */
export const voiceListQueryOptions = () =>
  queryOptions({
    queryKey: ['voice', 'options'],
    queryFn: () => call(endpoints.textToSpeechVoices, {}, { silent: true }),
    staleTime: 60_000,
  });
