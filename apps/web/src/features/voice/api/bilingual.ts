import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

type BilingualRequest = { id: number; kind: 'tts' | 'asr'; lang: string };

/** Bilingual subtitles of one of my tasks (the server's text provider translates; cues keep their timing). */
export const makeBilingual = (body: BilingualRequest) => call(endpoints.textToSpeechBilingual, { body });

/** Makes the bilingual files; they are downloaded, not kept, so no query changes. */
export const useMakeBilingual = () => useMutation({ mutationFn: makeBilingual });
