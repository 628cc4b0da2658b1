import { pagesBundle } from '../../../shared/i18n/bundle';

/** AI video: messages loaded with the first page that needs them. */
export const videoLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
