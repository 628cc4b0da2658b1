import { pagesBundle } from '../../../shared/i18n/bundle';

/**
 * Log-in, password and binding pages, the server's auth module: messages loaded with the first page that
 * needs them.
 */
export const authLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
