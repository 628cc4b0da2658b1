import type { LocaleBundle } from '../../../shared/i18n/types';
import zhHans from './zh-Hans';

/** The content plaza: the home and plaza tabs show it, so its messages go with the shell (zh-Hans bundled). */
export const plazaLocales: LocaleBundle = {
  part: 'shell',
  bundled: zhHans,
  load: {
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
