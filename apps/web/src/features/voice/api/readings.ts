import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { voiceKeys } from './voice-keys';

/** Each character's reading in context and the readings it may take (the editor's picker). */
export const pinyinQueryOptions = (text: string) =>
  queryOptions({
    queryKey: voiceKeys.pinyin(text),
    queryFn: () => call(endpoints.textToSpeechPinyin, { body: { text } }, { silent: true }),
    staleTime: Infinity,
    enabled: text.length > 0,
  });

/** My reading dictionary (fixes I made, applied to my later texts). */
export const readingFixesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.readings,
    queryFn: () => call(endpoints.textToSpeechReadings, {}, { silent: true }),
    staleTime: 60_000,
  });
