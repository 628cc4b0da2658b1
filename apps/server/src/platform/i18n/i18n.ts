import { LOCALES, type Locale } from '@app/contract';

/** One message in every UI language. */
export type Translations = Record<Locale, string>;

const catalog = new Map<string, Translations>();

/** Modules add the messages of their error ids at import time. */
export const addMessages = (messages: Record<string, Translations>): void => {
  for (const [key, value] of Object.entries(messages)) catalog.set(key, value);
};

export const hasMessage = (key: string): boolean => catalog.has(key);

const parseAcceptLanguage = (header: string): Locale => {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.split('=')[1]) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) {
      return /hant|tw|hk|mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
    }
    const base = tag.split('-')[0];
    const match = LOCALES.find((locale) => locale === base);
    if (match) return match;
  }
  return 'zh-Hans';
};

// Browsers send one of a handful of Accept-Language values, with every request: each is parsed once.
const localeOfHeader = new Map<string, Locale>();
const LOCALE_OF_HEADER_MAX = 256;

/** Picks the caller's language from Accept-Language (q-values honoured); zh-Hans by default. */
export const localeFromHeader = (header: string | undefined): Locale => {
  if (!header) return 'zh-Hans';
  let locale = localeOfHeader.get(header);
  if (!locale) {
    locale = parseAcceptLanguage(header);
    if (localeOfHeader.size >= LOCALE_OF_HEADER_MAX) localeOfHeader.clear();
    localeOfHeader.set(header, locale);
  }
  return locale;
};

export const translate = (
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string => {
  const template = catalog.get(key)?.[locale] ?? catalog.get('internal_error')?.[locale] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
};
