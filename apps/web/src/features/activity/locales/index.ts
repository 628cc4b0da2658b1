import { pagesBundle } from '../../../shared/i18n/bundle';

/** Activities (check-in, points mall, lucky wheel, votes): messages loaded with the first page that needs them. */
export const activityLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
