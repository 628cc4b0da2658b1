import { pagesBundle } from '../../../shared/i18n/bundle';

/** The settings pages: messages loaded with the first page that needs them. */
export const settingsLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
