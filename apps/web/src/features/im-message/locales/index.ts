import { shellBundle } from '../../../shared/i18n/bundle';
import zhHans from './zh-Hans';

/** The message centre: the home and plaza tabs show it, so its messages go with the shell (zh-Hans bundled). */
export const imMessageLocales = shellBundle(
  zhHans,
  import.meta.glob(['./*.ts', '!./index.ts', '!./zh-Hans.ts']),
);
