import type { LocaleBundle } from '../../../shared/i18n/types';

/** AI dubbing and subtitles: messages loaded with the first page that needs them. */
export const voiceLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans'),
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
