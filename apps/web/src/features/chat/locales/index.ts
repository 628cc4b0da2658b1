import { pagesBundle } from '../../../shared/i18n/bundle';

/** AI chat and templates: messages loaded with the first page that needs them. */
export const chatLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
