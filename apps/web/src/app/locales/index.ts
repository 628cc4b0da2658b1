import type { LocaleParts } from '../../shared/i18n';
import zhHansShell from './zh-Hans';

/**
 * Every feature's messages, composed into the two parts shared/i18n loads: the shell (./<language>.ts: shared texts,
 * plaza and the message centre, which the home and plaza tabs show) and the pages (./<language>.pages.ts: the other
 * features). A new feature adds its locale files to the part its pages belong to.
 */
export const localeParts: LocaleParts = {
  bundledShell: zhHansShell,
  shell: {
    'zh-Hant': () => import('./zh-Hant'),
    en: () => import('./en'),
    es: () => import('./es'),
    fr: () => import('./fr'),
  },
  pages: {
    'zh-Hans': () => import('./zh-Hans.pages'),
    'zh-Hant': () => import('./zh-Hant.pages'),
    en: () => import('./en.pages'),
    es: () => import('./es.pages'),
    fr: () => import('./fr.pages'),
  },
};
