import { pagesBundle } from '../../../shared/i18n/bundle';

/** AI dubbing and subtitles: messages loaded with the first page that needs them. */
export const voiceLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
