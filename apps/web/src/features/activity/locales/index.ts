import type { LocaleBundle } from '../../../shared/i18n/types';

/** Activities (check-in, points mall, lucky wheel, votes): messages loaded with the first page that needs them. */
export const activityLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans'),
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
