import { pagesBundle } from '../../../shared/i18n/bundle';

/** The help centre: messages loaded with the first page that needs them. */
export const helpLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
