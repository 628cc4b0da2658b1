import { pagesBundle } from '../../../shared/i18n/bundle';

/** AI drawing: messages loaded with the first page that needs them. */
export const drawingLocales = pagesBundle(import.meta.glob(['./*.ts', '!./index.ts']));
