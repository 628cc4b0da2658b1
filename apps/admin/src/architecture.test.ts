import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 point 7, as in the web app: a feature's calls and mutations live in its `features/<area>/api/`
 * folder (one file per endpoint or small resource, each mutation a hook with its invalidation); pages and
 * components call those hooks and functions. So the API client's `call` (shared/lib/api) may appear only in
 * `features/<area>/api/` and in `shared/` (the client itself, the server-table hook), and `useMutation` only in
 * `features/<area>/api/`: a shared wrapper of it would be a second home for the actions and their invalidation.
 * The code is parsed, so comments and strings do not count.
 */
const src = import.meta.dirname;

/** Paths relative to src/, with forward slashes; tests are not app code. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [relative(src, path).split(sep).join('/')]
      : [];
  });

/** The API client module, however a file reaches it (`../../shared/lib/api`, `./api` inside shared/lib). */
const isApiClient = (specifier: string, fileName: string): boolean =>
  /(^|\/)shared\/lib\/api(\.ts)?$/.test(specifier) ||
  (fileName.startsWith('shared/lib/') && /^\.\/api(\.ts)?$/.test(specifier));

/**
 * What of the rule a file breaks: `useMutation` named anywhere in its code (an import, a call, `query.useMutation`),
 * and `call` of the API client called, by its imported name (aliases included) or through a namespace import
 * (`api.call(…)`). Another function that happens to be named `call` does not count.
 */
const ruleBreaks = (fileName: string, code: string): string[] => {
  const file = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const callNames = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isApiClient(statement.moduleSpecifier.text, fileName)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if ((element.propertyName ?? element.name).text === 'call') callNames.add(element.name.text);
      }
    }
  }
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'useMutation') found.add('useMutation');
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callNames.has(callee.text)) found.add('call');
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'call' &&
        ts.isIdentifier(callee.expression) &&
        namespaces.has(callee.expression.text)
      ) {
        found.add('call');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found].sort();
};

const isFeatureApi = (path: string): boolean => /^features\/[^/]+\/api\//.test(path);

/** Where a rule's name may live: both in a feature's api/ folder; the client's `call` in shared/ too. */
const mayHold = (path: string, name: string): boolean =>
  isFeatureApi(path) || (name === 'call' && path.startsWith('shared/'));

const files = sourceFiles(src).map((path) => ({
  path,
  breaks: ruleBreaks(path, readFileSync(join(src, path), 'utf8')),
}));

describe('console architecture: calls and mutations live in api/', () => {
  it('finds the API client’s call and useMutation in code, not in comments, strings or other calls', () => {
    const client = "import { call, endpoints } from '../../shared/lib/api';\n";
    expect(ruleBreaks('a.tsx', `${client}const go = () => call(endpoints.consoleMe);`)).toEqual(['call']);
    expect(
      ruleBreaks('a.tsx', "import { call as send } from '../../shared/lib/api';\nvoid send(x);"),
    ).toEqual(['call']);
    expect(ruleBreaks('a.tsx', "import * as api from '../../shared/lib/api';\nvoid api.call(x);")).toEqual([
      'call',
    ]);
    expect(ruleBreaks('shared/lib/operator.ts', "import { call } from './api';\nvoid call(x);")).toEqual([
      'call',
    ]);
    expect(ruleBreaks('a.tsx', "import { useMutation } from '@tanstack/react-query';")).toEqual([
      'useMutation',
    ]);
    expect(ruleBreaks('a.tsx', 'const m = query.useMutation({ mutationFn });')).toEqual(['useMutation']);
    expect(
      ruleBreaks(
        'a.tsx',
        `${client}// call(endpoints.x) lives in api/\nconst s = 'call(endpoints.x) useMutation';`,
      ),
    ).toEqual([]);
    expect(
      ruleBreaks('a.tsx', 'const call = (f: () => void) => f();\ncall(() => undefined);\nfn.call(null);'),
    ).toEqual([]);
    expect(ruleBreaks('a.tsx', 'const useMutationLike = 1;')).toEqual([]);
  });

  it('allows call in features/<area>/api/ and shared/, useMutation (or a wrapper of it) only in api/', () => {
    expect(mayHold('features/users/api/ban.ts', 'useMutation')).toBe(true);
    expect(mayHold('features/users/api/ban.ts', 'call')).toBe(true);
    expect(mayHold('shared/ui/use-server-table.ts', 'call')).toBe(true);
    expect(mayHold('shared/lib/operator.ts', 'call')).toBe(true);
    // The old shared wrapper of every action's mutation: a hook with useMutation outside a feature's api/.
    expect(mayHold('shared/lib/use-console-mutation.ts', 'useMutation')).toBe(false);
    expect(mayHold('shared/ui/use-server-table.ts', 'useMutation')).toBe(false);
    for (const name of ['call', 'useMutation']) {
      expect(mayHold('features/users/user-detail-page.tsx', name)).toBe(false);
      expect(mayHold('features/queues/components/x.tsx', name)).toBe(false);
      expect(mayHold('features/api-keys/page.tsx', name)).toBe(false);
      expect(mayHold('features/users/hooks/use-ban.ts', name)).toBe(false);
      expect(mayHold('app/router.tsx', name)).toBe(false);
    }
  });

  it('no page, component, app or shared file breaks the rule', () => {
    // The walk does see the api/ files (so an empty result below is not a walk that found nothing).
    expect(
      files.filter((file) => file.breaks.includes('call') && file.path.startsWith('features/')).length,
    ).toBeGreaterThan(20);
    expect(files.some((file) => file.breaks.includes('useMutation') && isFeatureApi(file.path))).toBe(true);
    expect(
      files.flatMap((file) =>
        file.breaks.filter((name) => !mayHold(file.path, name)).map((name) => `${file.path}: ${name}`),
      ),
    ).toEqual([]);
  });
});

/**
 * Issue 25 point 7, as in the web app: no page over ~200 lines. A page composes its feature's parts (tabs,
 * dialogs, panels); past 200 lines it has grown a part of its own that belongs in a file named for it.
 */
const PAGE_MAX_LINES = 200;
const isPageFile = (path: string): boolean =>
  /^(features|app)\//.test(path) && /(-page|Page)\.tsx$/.test(path.split('/').at(-1) ?? '');
const lineCount = (code: string): number => code.split('\n').length - (code.endsWith('\n') ? 1 : 0);

describe('console architecture: no page over 200 lines', () => {
  it('knows a page file by its name, under features/ or app/', () => {
    expect(isPageFile('features/users/user-detail-page.tsx')).toBe(true);
    expect(isPageFile('app/pages/HomePage.tsx')).toBe(true);
    expect(isPageFile('features/users/user-orders-tab.tsx')).toBe(false);
    expect(isPageFile('shared/ui/page.tsx')).toBe(false);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('lists every page file over 200 lines', () => {
    const pages = files.map((file) => file.path).filter(isPageFile);
    // The walk does see the pages (so an empty result below is not a walk that found nothing).
    expect(pages.length).toBeGreaterThan(5);
    const tooLong = pages
      .map((path) => ({ path, lines: lineCount(readFileSync(join(src, path), 'utf8')) }))
      .filter((page) => page.lines > PAGE_MAX_LINES)
      .map((page) => `${page.path}: ${page.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
