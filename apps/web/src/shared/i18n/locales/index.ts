import type { LocaleBundle } from '../types';
import zhHans from './zh-Hans';

/** The shared texts (common words, titles, tabs, request errors …): part of the shell, zh-Hans bundled. */
export const sharedLocales: LocaleBundle = {
  part: 'shell',
  bundled: zhHans,
  load: {
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};

/** The shared form messages (field errors), loaded with the first page that needs them. */
export const formLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans.form'),
    'zh-Hant': () => import('./zh-Hant.form'),
    en: () => import('./en.form'),
    es: () => import('./es.form'),
    fr: () => import('./fr.form'),
  },
};
