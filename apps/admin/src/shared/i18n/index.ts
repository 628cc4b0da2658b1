import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './locales/zh-Hans';

/** The app's five languages, Chinese first. */
export const LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'aichuang.admin.language';

/** Each language's messages load on demand: only the chosen one reaches the first screen. */
const loaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  'zh-Hans': () => import('./locales/zh-Hans'),
  'zh-Hant': () => import('./locales/zh-Hant'),
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
};

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const storedLanguage = (): Language => {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : 'zh-Hans';
};

export const i18n = i18next.createInstance();

const ensureLoaded = async (language: Language) => {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { messages } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', messages, true, true);
};

export const initI18n = async (language: Language = storedLanguage()): Promise<void> => {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'zh-Hans',
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureLoaded('zh-Hans');
  await changeLanguage(language);
};

export const changeLanguage = async (language: Language): Promise<void> => {
  await ensureLoaded(language);
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};
