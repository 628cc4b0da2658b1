import type { LocaleBundle } from '../../../shared/i18n/types';

/**
 * Accounts, the server's users module (profile, phone, password, blocks, deletion): messages loaded with the
 * first page that needs them.
 */
export const usersLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans'),
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
