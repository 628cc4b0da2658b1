import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage, loadPageMessages } from '../shared/i18n';

const SRC = join(import.meta.dirname, '..');

/** Every message key the app's source names literally in a t('…') call (tests and locale files aside). */
const literalKeys = (): Map<string, string> => {
  const keys = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales' && entry.name !== 'test') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const [, key] of readFileSync(path, 'utf8').matchAll(/\bt\(\s*'([A-Za-z][\w-]*(?:\.[\w-]+)+)'/g)) {
          keys.set(key!, path.slice(SRC.length + 1));
        }
      }
    }
  };
  walk(SRC);
  return keys;
};

describe('message keys', () => {
  it('every key the app names has a message in every language', async () => {
    const keys = literalKeys();
    expect(keys.size).toBeGreaterThan(500);
    await initI18n('zh-Hans');
    await loadPageMessages();
    for (const locale of LOCALES) {
      await loadLanguage(locale);
      const missing = [...keys]
        // The language's own messages, not what i18next would fall back to.
        .filter(([key]) => [key, `${key}_other`].every((k) => i18n.getResource(locale, 'translation', k) === undefined))
        .map(([key, file]) => `${key} (${file})`);
      expect(missing, locale).toEqual([]);
    }
    await loadLanguage('zh-Hans');
  });
});
