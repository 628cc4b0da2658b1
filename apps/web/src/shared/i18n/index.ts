import type { Locale } from '@app/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleBundle, LocaleMessages } from './types';

export type { LocaleBundle, MessagesLoader } from './types';
type Part = LocaleBundle['part'];

/**
 * The messages of every language in two parts: the shell's (shared texts and the features the home and plaza tabs
 * show) and the other features' page messages. Only the zh-Hans shell part is bundled, so the first screen carries
 * one language and only what it shows; the rest is loaded on demand. Each area declares its own bundle (its
 * `locales/index.ts`, with the part it belongs to); the app registers them all before the start (shared code knows
 * no feature).
 */
let bundles: LocaleBundle[] | undefined;

export const registerLocaleBundles = (list: LocaleBundle[]): void => {
  bundles = list;
};

const registered = (): LocaleBundle[] => {
  if (!bundles) throw new Error('i18n: registerLocaleBundles must run before the messages are used');
  return bundles;
};

/** The zh-Hans messages of the shell, bundled with the app. */
const bundledShell = (): LocaleMessages =>
  Object.assign({}, ...registered().flatMap((b) => (b.part === 'shell' ? [b.bundled] : [])));

/** The loaders of one part in one language (none for the bundled zh-Hans shell). */
const loadersOf = (language: Locale, part: Part) =>
  registered().flatMap((b) => {
    if (b.part !== part) return [];
    if (b.part === 'pages') return [b.load[language]];
    return language === 'zh-Hans' ? [] : [b.load[language]];
  });

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | undefined;
/** The language the app shows or is switching to. */
let target: Locale = 'zh-Hans';
/** Set once a page needed the page messages: from then on they follow every language switch. */
let withPageMessages = false;
const parts = new Map<string, Promise<void>>();

/** Loads one part of a language into i18next, once (a failed load, e.g. offline, is tried again next time). */
const loadPart = (language: Locale, part: Part): Promise<void> => {
  if (language === 'zh-Hans' && part === 'shell') return Promise.resolve();
  const key = `${part}:${language}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = Promise.all(loadersOf(language, part).map((load) => load())).then((list) => {
      for (const messages of list)
        i18n.addResourceBundle(language, 'translation', messages.default, true, true);
    });
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return loading;
};

const show = async (language: Locale): Promise<void> => {
  await loadPart(language, 'shell');
  // Switching to the current language would re-render every translated component for nothing.
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

/**
 * Starts i18next in the user's language, with all its messages; `pageMessages: false` (the app's start) leaves
 * the other features' messages to the first page that needs them (loadPageMessages).
 */
export const initI18n = (
  language: Locale,
  { pageMessages = true }: { pageMessages?: boolean } = {},
): Promise<unknown> => {
  initialised ??= i18n.use(initReactI18next).init({
    resources: { 'zh-Hans': { translation: bundledShell() } },
    lng: 'zh-Hans',
    fallbackLng: 'zh-Hans',
    supportedLngs: ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  target = language;
  const shown = initialised.then(() => show(language));
  return pageMessages ? Promise.all([shown, loadPageMessages()]) : shown;
};

/** Switches language (settings), with the page messages too once pages have needed them. */
export const loadLanguage = async (language: Locale): Promise<void> => {
  target = language;
  // Page messages that fail to load here are loaded again by the next page that needs them.
  const pages = () => (withPageMessages ? loadPart(language, 'pages').catch(() => undefined) : undefined);
  // Both parts before the switch: a page on screen re-renders at the switch, and a text whose messages came
  // later would stay in the old language until a reload (清除缓存 in English settings, issue 37).
  await Promise.all([loadPart(language, 'shell'), pages()]);
  await show(language);
  await pages(); // a page may have asked for them meanwhile
};

/** The other features' messages in the app's language (and from now on in every language switched to). */
export const loadPageMessages = async (): Promise<void> => {
  withPageMessages = true;
  await initialised;
  await loadPart(target, 'pages');
};

/**
 * Loads a module together with the page messages, for a page that opens with the shell's messages only and shows
 * another feature's part later (the plaza's 绘画 tab): the module's texts are there when it first renders.
 */
export const loadWithPageMessages = async <T>(load: () => Promise<T>): Promise<T> => {
  const [module] = await Promise.all([load(), loadPageMessages()]);
  return module;
};

/** For code outside React (API client, error reporting). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
