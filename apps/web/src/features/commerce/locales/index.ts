import { pagesBundle } from '../../../shared/i18n/bundle';

/** Membership, coupons and welfare: messages loaded with the first page that needs them. */
export const commerceLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
