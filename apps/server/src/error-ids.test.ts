import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorIds, isErrorId, LOCALES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasMessage, translate } from './platform/i18n/i18n.js';
import { createTestApp, type TestApp } from './test/build-app.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The server's own source files (tests and test helpers aside). */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });

/** Every literal id handed to an error factory, to `new AppError(status, id)` or as a multipart refusal. */
const THROWN =
  /\b(?:badRequest|notFound|forbidden|unauthorized|conflict|tooManyRequests|serviceUnavailable)\(\s*'([a-z0-9_]+)'|new AppError\(\s*[^,()]+,\s*'([a-z0-9_]+)'|fieldError\([^,()]+,\s*'([a-z0-9_]+)'|missing:\s*'([a-z0-9_]+)'/g;

/**
 * Error ids are typed in the contract (issue 25): the server's factories accept only `errorIds`, pages switch
 * on them through the contract, and every id has its message in the five languages.
 */
describe('error ids', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Building the app loads every module's message catalogue.
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('every id the server throws is listed in the contract', () => {
    const thrown = new Map<string, string>();
    for (const file of sources(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(THROWN)) {
        const id = match.slice(1).find(Boolean)!;
        thrown.set(id, path.relative(SRC, file));
      }
    }
    expect(thrown.size).toBeGreaterThan(150);
    const unlisted = [...thrown].filter(([id]) => !isErrorId(id)).map(([id, file]) => `${id} (${file})`);
    expect(unlisted).toEqual([]);
  });

  it('every listed id is listed once and has its message in every language', () => {
    const all = Object.values(errorIds).flat() as string[];
    expect(all.length).toBe(new Set(all).size);
    const missing = all.filter((id) => !hasMessage(id));
    expect(missing).toEqual([]);
    for (const id of all)
      for (const locale of LOCALES) expect(translate(locale, id).trim(), `${id} in ${locale}`).not.toBe('');
  });

  it('the check itself catches an id the contract does not list', () => {
    expect(isErrorId('no_such_failure')).toBe(false);
    const sample = "throw badRequest('no_such_failure');";
    expect([...sample.matchAll(THROWN)].map((m) => m.slice(1).find(Boolean))).toEqual(['no_such_failure']);
  });
});
