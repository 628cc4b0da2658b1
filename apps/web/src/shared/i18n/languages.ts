import type { Locale } from '@app/contract';

/** Each language named in itself, as language pickers show them (the same in every UI language). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};
