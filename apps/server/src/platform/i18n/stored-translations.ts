import type { Locale } from '@app/contract';
import { translate } from './i18n.js';

/**
 * Translations stored with a row that users read (a package, a banner, a template, a dictionary item):
 * locale → field → text (a list of texts for list fields such as rules). The row itself is the zh-Hans original.
 */
export type StoredTranslations = Partial<Record<Exclude<Locale, 'zh-Hans'>, Record<string, string | string[]>>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * `item` in the reader's language: each text field (or list of texts) with a stored translation takes it, every
 * other field stays the original (zh-Hans fallback). A translation of another type than the field is ignored.
 */
export const localize = <T extends Record<string, unknown>>(item: T, translations: unknown, locale: Locale): T => {
  if (locale === 'zh-Hans' || !isRecord(translations)) return item;
  const texts = translations[locale];
  if (!isRecord(texts)) return item;
  const out: Record<string, unknown> = { ...item };
  for (const [field, text] of Object.entries(texts)) {
    const original = item[field];
    if ((typeof original === 'string' && typeof text === 'string') || (isTextList(original) && isTextList(text)))
      out[field] = text;
  }
  return out as T;
};

/**
 * The stored translations still true after an operator changes a row: a field whose original (zh-Hans) text changed
 * loses its translations, so its readers see the operator's new words (the fallback) rather than a translation of the
 * old ones. Fields that did not change keep theirs.
 */
export const translationsAfterChange = (
  translations: StoredTranslations,
  before: Record<string, unknown>,
  changes: Record<string, unknown>,
): StoredTranslations => {
  const changed = new Set(
    Object.keys(changes).filter(
      (field) => changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(before[field]),
    ),
  );
  const out: StoredTranslations = {};
  for (const [locale, texts] of Object.entries(translations) as [keyof StoredTranslations, Record<string, string | string[]>][]) {
    const kept = Object.fromEntries(Object.entries(texts).filter(([field]) => !changed.has(field)));
    if (Object.keys(kept).length) out[locale] = kept;
  }
  return out;
};

/** Only the given fields of stored translations (e.g. a mall item's name, for the coupon it hands out). */
export const pickTranslations = (translations: StoredTranslations, fields: readonly string[]): StoredTranslations => {
  const out: StoredTranslations = {};
  for (const [locale, texts] of Object.entries(translations) as [keyof StoredTranslations, Record<string, string | string[]>][]) {
    const picked = Object.fromEntries(Object.entries(texts).filter(([field]) => fields.includes(field)));
    if (Object.keys(picked).length) out[locale] = picked;
  }
  return out;
};

/** A seed's catalogue: zh-Hans text → its zh-Hant, en, es and fr translations. */
export type SeedCatalogue = Record<string, readonly [zhHant: string, en: string, es: string, fr: string]>;
const SEED_LOCALES = ['zh-Hant', 'en', 'es', 'fr'] as const;

/**
 * The stored translations of a seeded row's texts, looked up in its catalogue; a text the catalogue lacks stays
 * untranslated (its readers see the zh-Hans original). Lists translate item by item, and only when every item has one.
 */
export const seedTranslations = (
  catalogue: SeedCatalogue,
  texts: Record<string, string | readonly string[] | null | undefined>,
): StoredTranslations => {
  const out: StoredTranslations = {};
  SEED_LOCALES.forEach((locale, index) => {
    const fields: Record<string, string | string[]> = {};
    for (const [field, text] of Object.entries(texts)) {
      if (typeof text === 'string') {
        const translated = catalogue[text]?.[index];
        if (translated) fields[field] = translated;
      } else if (text && text.length) {
        const translated = text.map((line) => catalogue[line]?.[index]);
        if (translated.every(Boolean)) fields[field] = translated as string[];
      }
    }
    if (Object.keys(fields).length) out[locale] = fields;
  });
  return out;
};

/**
 * A catalogue message in zh-Hant, en, es and fr as the stored translations of `fields`: for a text stored in
 * zh-Hans at write time (a notice's title) that its readers see later in their own language.
 */
export const messageTranslations = (
  fields: readonly string[],
  key: string,
  params: Record<string, string | number> = {},
): StoredTranslations =>
  Object.fromEntries(
    SEED_LOCALES.map((locale) => {
      const text = translate(locale, key, params);
      return [locale, Object.fromEntries(fields.map((field) => [field, text]))];
    }),
  );
