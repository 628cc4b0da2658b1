import type { Locale } from '@app/contract';
import type { LocaleBundle, LocaleMessages, MessagesLoader } from './types';

/** An area's locale files as `import.meta.glob` gives them: `./en.ts` → its loader. */
type LocaleFiles = Record<string, () => Promise<unknown>>;

const LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const satisfies readonly Locale[];

const loaders = <L extends Locale>(
  files: LocaleFiles,
  languages: readonly L[],
): Record<L, MessagesLoader> => {
  const entries = languages.map((language) => {
    const load = files[`./${language}.ts`];
    // Every area has every language (checked by app/locales/locales.test.ts); a missing file is a build error.
    if (!load) throw new Error(`i18n: no ./${language}.ts among ${Object.keys(files).join(', ')}`);
    return [language, load as MessagesLoader] as const;
  });
  return Object.fromEntries(entries) as Record<L, MessagesLoader>;
};

/** The bundle of an area whose messages load with the first page that needs them. */
export const pagesBundle = (files: LocaleFiles): LocaleBundle => ({
  part: 'pages',
  load: loaders(files, LANGUAGES),
});

/** The bundle of an area the shell shows: its zh-Hans bundled with the app, the other languages loaded. */
export const shellBundle = (bundled: LocaleMessages, files: LocaleFiles): LocaleBundle => ({
  part: 'shell',
  bundled,
  load: loaders(
    files,
    LANGUAGES.filter((l) => l !== 'zh-Hans'),
  ),
});
