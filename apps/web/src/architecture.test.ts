import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 point 7: every mutation is a hook in its feature's api/ folder, beside its fetcher and with its cache
 * invalidation; pages and components only call hooks. So `useMutation` may appear only in `features/<area>/api/`,
 * not in `shared/` either, where a wrapper of it would be a second home for the actions and their invalidation.
 * (It runs in the config's jsdom environment, as walls.test.ts does: the shared setup file needs a DOM, so a
 * per-file node environment is not available.)
 */
const src = import.meta.dirname;

/** Paths relative to src/, with forward slashes. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests are not app code: they may build a mutation to exercise a hook.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [relative(src, path).split(sep).join('/')]
      : [];
  });

/** Whether the code names `useMutation` (an import, a call, `query.useMutation`); comments and strings do not count. */
const namesUseMutation = (fileName: string, code: string): boolean => {
  const file = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && node.text === 'useMutation') || (ts.forEachChild(node, visit) ?? false);
  return visit(file);
};

/** Where a mutation may live: a feature's api/ folder. */
const mayHoldMutation = (path: string): boolean => /^features\/[^/]+\/api\//.test(path);

const withMutation = sourceFiles(src).filter((path) =>
  namesUseMutation(path, readFileSync(join(src, path), 'utf8')),
);

describe('web architecture: mutations live in api/', () => {
  it('finds useMutation in code, not in comments or strings', () => {
    expect(namesUseMutation('a.tsx', "import { useMutation } from '@tanstack/react-query';")).toBe(true);
    expect(namesUseMutation('a.tsx', 'const m = query.useMutation({ mutationFn });')).toBe(true);
    expect(namesUseMutation('a.ts', "// useMutation lives in api/\nconst s = 'useMutation';")).toBe(false);
    expect(namesUseMutation('a.ts', 'const useMutationLike = 1;')).toBe(false);
  });

  it('allows it (or a wrapper of it) only in features/<area>/api/', () => {
    expect(mayHoldMutation('features/drawing/api/delete-drawing.ts')).toBe(true);
    expect(mayHoldMutation('shared/lib/api/use-something.ts')).toBe(false);
    expect(mayHoldMutation('shared/lib/use-app-mutation.ts')).toBe(false);
    expect(mayHoldMutation('features/drawing/pages/works-page.tsx')).toBe(false);
    expect(mayHoldMutation('features/voice/components/dub-panel.tsx')).toBe(false);
    expect(mayHoldMutation('features/drawing/hooks/use-x.ts')).toBe(false);
    expect(mayHoldMutation('app/router.tsx')).toBe(false);
  });

  it('no page, component, app or shared file calls useMutation itself', () => {
    // The walk does see the hooks (so an empty result below is not a walk that found nothing).
    expect(withMutation.some(mayHoldMutation)).toBe(true);
    expect(withMutation.filter((path) => !mayHoldMutation(path))).toEqual([]);
  });
});

/**
 * Issue 25 point 7: no page over ~200 lines. A page composes its feature's components and hooks; past 200 lines
 * it has grown a part of its own that belongs in a file named for it.
 */
const PAGE_MAX_LINES = 200;
const isPageFile = (path: string): boolean =>
  /^(features|app)\//.test(path) && /(-page|Page)\.tsx$/.test(path.split('/').at(-1) ?? '');
const lineCount = (code: string): number => code.split('\n').length - (code.endsWith('\n') ? 1 : 0);

describe('web architecture: no page over 200 lines', () => {
  it('knows a page file by its name, under features/ or app/', () => {
    expect(isPageFile('features/drawing/pages/draw-page.tsx')).toBe(true);
    expect(isPageFile('app/pages/me-profile-page.tsx')).toBe(true);
    expect(isPageFile('features/x/pages/HomePage.tsx')).toBe(true);
    expect(isPageFile('features/drawing/components/draw-card.tsx')).toBe(false);
    expect(isPageFile('shared/ui/page.tsx')).toBe(false);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('lists every page file over 200 lines', () => {
    const pages = sourceFiles(src).filter(isPageFile);
    // The walk does see the pages (so an empty result below is not a walk that found nothing).
    expect(pages.length).toBeGreaterThan(20);
    const tooLong = pages
      .map((path) => ({ path, lines: lineCount(readFileSync(join(src, path), 'utf8')) }))
      .filter((page) => page.lines > PAGE_MAX_LINES)
      .map((page) => `${page.path}: ${page.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
