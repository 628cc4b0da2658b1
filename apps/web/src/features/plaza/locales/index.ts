import { shellBundle } from '../../../shared/i18n/bundle';
import zhHans from './zh-Hans';

/** The content plaza: the home and plaza tabs show it, so its messages go with the shell (zh-Hans bundled). */
export const plazaLocales = shellBundle(zhHans, import.meta.glob(['./*.ts', '!./index.ts', '!./zh-Hans.ts']));
