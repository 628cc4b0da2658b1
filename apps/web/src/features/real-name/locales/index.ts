import { pagesBundle } from '../../../shared/i18n/bundle';

/** Real-name verification: messages loaded with the first page that needs them. */
export const realNameLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
