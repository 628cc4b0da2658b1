import type { LocaleBundle } from '../../../shared/i18n/types';

/** Membership, coupons and welfare: messages loaded with the first page that needs them. */
export const commerceLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans'),
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
