import { pagesBundle } from '../../../shared/i18n/bundle';

/** The mine tab's pages: messages loaded with the first page that needs them. */
export const meLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
