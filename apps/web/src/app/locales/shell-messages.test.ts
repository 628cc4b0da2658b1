import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { composedMessages } from './composed';

const [shellMessages, pageMessages] = await Promise.all([
  composedMessages('shell', 'zh-Hans'),
  composedMessages('pages', 'zh-Hans'),
]);

/**
 * The shell's messages are bundled with the app; the other features' page messages are loaded with the pages
 * that need them (shared/i18n). The shell itself and the pages flagged `shellMessages` open without them, so none
 * of their code, nor code it loads later, may name a key of the page messages.
 */
const srcDir = join(import.meta.dirname, '..', '..');
const pageNamespaces = Object.keys(pageMessages);
const pageKey = new RegExp(`['"\`](${pageNamespaces.join('|')})\\.[\\w$]`, 'g');

const resolveImport = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((path) => /\.tsx?$/.test(path) && existsSync(path));
};

/** Source files a module reaches by static and dynamic imports; the route table's pages are other routes. */
const reach = (entry: string): string[] => {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === join(srcDir, 'app', 'routes.ts')) continue;
    // A module loaded through loadWithPageMessages(() => import('…')) comes with the page messages: not the shell's.
    const source = readFileSync(file, 'utf8').replace(/loadWithPageMessages\(\s*\(\)\s*=>\s*import\('[^']+'\)\s*\)/g, '');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = resolveImport(file, specifier!);
      if (target) pending.push(target);
    }
  }
  return [...seen];
};

/** `namespace: file` for every page-message key the files name (a string starting with one of its namespaces). */
const pageKeysNamed = (files: string[]): string[] =>
  files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pageKey)].map((m) => `${m[1]}: ${file.slice(srcDir.length + 1)}`),
  );

/** The page module of a route, read from its load function (`import('…/pages/x-page')`). */
const pageFile = (load: () => unknown): string | undefined => {
  const specifier = /["']([^"']*\/pages\/[\w-]+)(?:\.tsx?)?["']/.exec(load.toString())?.[1];
  if (!specifier) return undefined;
  return specifier.startsWith('/src/')
    ? resolveImport(join(srcDir, 'main.tsx'), `.${specifier.slice('/src'.length)}`)
    : resolveImport(join(srcDir, 'app', 'routes.ts'), specifier);
};

describe('pages that open with the shell messages only', () => {
  it('the two parts name different namespaces', () => {
    expect(pageNamespaces.filter((ns) => ns in shellMessages)).toEqual([]);
  });

  it('finds the page keys a page names (vip page: commerce)', () => {
    const vip = routes.find((r) => r.path === '/pages/index/vip/index')!;
    expect(pageKeysNamed(reach(pageFile(vip.load)!)).join('\n')).toContain('commerce: ');
  });

  it('a module loaded with the page messages is not counted (the plaza tab’s drawing list), one loaded plainly is', () => {
    const plaza = routes.find((r) => r.path === '/pages/plaza/index')!;
    const reached = reach(pageFile(plaza.load)!);
    expect(reached.some((f) => f.endsWith('plaza-page.tsx'))).toBe(true);
    expect(reached.some((f) => f.endsWith('hall-page.tsx'))).toBe(false);
  });

  it('the shell (main.tsx and all it loads besides pages) names no page key', () => {
    expect(pageKeysNamed(reach(join(srcDir, 'main.tsx')))).toEqual([]);
  });

  it.each(routes.filter((r) => r.shellMessages).map((r) => [r.path, r] as const))(
    '%s names no page key',
    (_path, route) => {
      const file = pageFile(route.load);
      expect(file).toBeDefined();
      expect(pageKeysNamed(reach(file!))).toEqual([]);
    },
  );
});
