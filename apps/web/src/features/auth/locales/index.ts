import type { LocaleBundle } from '../../../shared/i18n/types';

/**
 * Log-in, password and binding pages, the server's auth module: messages loaded with the first page that
 * needs them.
 */
export const authLocales: LocaleBundle = {
  part: 'pages',
  load: {
    'zh-Hans': () => import('./zh-Hans'),
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
};
