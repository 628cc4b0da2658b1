import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { VARIANT_IDS } from '../../shared/config/variants';
import type { LocaleMessages } from '../../shared/i18n/types';
import { composedMessages } from './composed';

const [
  enShell,
  enPages,
  esShell,
  esPages,
  frShell,
  frPages,
  zhHansShell,
  zhHansPages,
  zhHantShell,
  zhHantPages,
] = await Promise.all(
  (['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const).flatMap((language) => [
    composedMessages('shell', language),
    composedMessages('pages', language),
  ]),
);

// Each language in full: the shell's messages and the other features' page messages.
const zhHans: LocaleMessages = { ...zhHansShell, ...zhHansPages };
const en: LocaleMessages = { ...enShell, ...enPages };
const es: LocaleMessages = { ...esShell, ...esPages };
const fr: LocaleMessages = { ...frShell, ...frPages };
const locales: Record<string, LocaleMessages> = {
  'zh-Hans': zhHans,
  'zh-Hant': { ...zhHantShell, ...zhHantPages },
  en,
  es,
  fr,
};
const PLURAL = /_(zero|one|two|few|many|other)$/;

const flatten = (messages: LocaleMessages, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};
/** Keys without plural suffixes: `time.minutesAgo_one` and `_other` are the key `time.minutesAgo`. */
const baseKeys = (messages: LocaleMessages) =>
  new Set([...flatten(messages).keys()].map((k) => k.replace(PLURAL, '')));

const srcDir = join(import.meta.dirname, '..', '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('locales', () => {
  const all = new Set(Object.values(locales).flatMap((m) => [...baseKeys(m)]));

  it.each(Object.keys(locales))('%s has every key of every other locale', (name) => {
    const keys = baseKeys(locales[name]!);
    expect([...all].filter((k) => !keys.has(k))).toEqual([]);
  });

  it.each(Object.keys(locales))('%s has no empty message and keeps the interpolations of zh-Hans', (name) => {
    const reference = flatten(zhHans);
    for (const [key, value] of flatten(locales[name]!)) {
      expect(value.trim(), key).not.toBe('');
      const base = reference.get(key) ?? reference.get(key.replace(PLURAL, '_other'));
      const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      if (base) expect(vars(value), key).toEqual(vars(base));
    }
  });

  it('plural forms: en has one and other; es and fr also many', () => {
    const keys = (m: LocaleMessages) => [...flatten(m).keys()].filter((k) => k.startsWith('time.minutesAgo'));
    expect(keys(en).sort()).toEqual(['time.minutesAgo_one', 'time.minutesAgo_other']);
    expect(keys(es).sort()).toEqual(['time.minutesAgo_many', 'time.minutesAgo_one', 'time.minutesAgo_other']);
    expect(keys(fr).sort()).toEqual(['time.minutesAgo_many', 'time.minutesAgo_one', 'time.minutesAgo_other']);
  });

  it('every key the code names exists (route titles, variants, and every t("…") literal)', () => {
    const keys = baseKeys(zhHans);
    const used = new Set<string>([
      ...routes.map((r) => r.titleKey),
      ...VARIANT_IDS.flatMap((id) => [`variant.${id}.name`, `variant.${id}.slogan`]),
    ]);
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/titleKey: '([\w.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/title: '(mine\.[\w.]+)'/g)) used.add(match[1]!);
    }
    for (const entry of [
      'copy',
      'create',
      'draw',
      'dub',
      'video',
      'temps',
      'sign',
      'exchange',
      'lucky',
      'vote',
      'welfare',
      'popularize',
    ]) {
      used.add(`home.entry.${entry}`);
    }
    expect([...used].filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe('no literal user-visible text in components', () => {
  const components = sourceFiles(srcDir).filter((f) => f.endsWith('.tsx'));

  it('finds the components', () => {
    expect(components.length).toBeGreaterThan(10);
  });

  it.each(components.map((f) => [f.slice(srcDir.length + 1), f]))(
    '%s has no Chinese text and no JSX text literal',
    (_name, file) => {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).toEqual([]);
      // Text between tags (`>Hello<`), the shape of an untranslated label.
      expect(text.match(/(?<![=-])>\s*[A-Za-z\u00c0-\u024f][^<>{}=;()]*<\/?[A-Za-z]/g) ?? []).toEqual([]);
      // Literal labels in the attributes a user sees or hears.
      expect(text.match(/\b(title|placeholder|aria-label|alt)="[^"]+"/g) ?? []).toEqual([]);
    },
  );
});

describe('one shared set of toast texts (spec §8)', () => {
  const SHARED_TOASTS = ['saved', 'saveFailed', 'copied', 'noticeFailed', 'uploading', 'saving'];

  it('is defined once, under toast.*, in every language', () => {
    for (const [language, messages] of Object.entries(locales)) {
      const flat = flatten(messages);
      for (const key of SHARED_TOASTS)
        expect(flat.get(`toast.${key}`), `${language} toast.${key}`).toBeTruthy();
    }
  });

  it('no feature keeps its own copy of a shared toast', () => {
    const copies = [...flatten(zhHans).keys()].filter(
      (path) => !path.startsWith('toast.') && SHARED_TOASTS.includes(path.split('.').at(-1)!),
    );
    expect(copies).toEqual([]);
  });
});
