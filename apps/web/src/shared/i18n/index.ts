import type { Locale } from '@app/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhHans from './locales/zh-Hans';
import type { LocaleMessages } from './types';

/**
 * i18next with zh-Hans bundled (the default) and the other four languages loaded on demand, so the first
 * screen carries one language only.
 */
const loaders: Record<Exclude<Locale, 'zh-Hans'>, () => Promise<{ default: LocaleMessages }>> = {
  'zh-Hant': () => import('./locales/zh-Hant'),
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | undefined;

export const initI18n = (language: Locale): Promise<unknown> => {
  initialised ??= i18n.use(initReactI18next).init({
    resources: { 'zh-Hans': { translation: zhHans } },
    lng: 'zh-Hans',
    fallbackLng: 'zh-Hans',
    supportedLngs: ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return initialised.then(() => loadLanguage(language));
};

/** Loads the language's messages when needed, switches to it and sets the document language. */
export const loadLanguage = async (language: Locale): Promise<void> => {
  if (language !== 'zh-Hans' && !i18n.hasResourceBundle(language, 'translation')) {
    const messages = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', messages.default, true, true);
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

/** For code outside React (API client, error reporting). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
