import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { download } from '../../../shared/lib/api/transfer';
import { voiceKeys } from './voice-keys';

/** The voices to dub with (and the price per word), and a sample of one. */
export const voiceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.options,
    queryFn: () => call(endpoints.textToSpeechVoices, {}, { silent: true }),
    staleTime: 60_000,
  });

/** A voice sample (MP3) as a Blob. */
export const voicePreview = (voice: string, speed: number) =>
  download(endpoints.textToSpeechPreview.path, { query: { voice, speed }, silent: true });
