import { pagesBundle } from '../../../shared/i18n/bundle';

/**
 * Accounts, the server's users module (profile, phone, password, blocks, deletion): messages loaded with the
 * first page that needs them.
 */
export const usersLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
