import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25 point 3: services receive their repositories, and every service takes one caller type.
 * - A repository factory (`create…Repository(`) is called only in repository files, where a module's set of
 *   repositories is made (`create…Repositories(db)`), and in the module's definition, which makes that set
 *   once. A service reads `store.repos` and opens transactions with `store.transaction(…)` (or joins another's
 *   with `store.within(tx)`), so it never builds a repository.
 * - Who is calling is an `Actor` (platform/identity/actor.ts): no function in a module starts with
 *   `(tenantId, userId)` or `(tenantId, uid)`, and the older caller shapes (`Viewer`, `MemberRequest`) are gone.
 *   A function about another user (a notice's recipient, a reviewed user) names that user for what they are.
 */
const srcDir = import.meta.dirname;
const modulesDir = join(srcDir, 'modules');

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const name = (file: string) => relative(srcDir, file).split('\\').join('/');

/** `create…Repository(` calls outside repository files and module definitions, as `file:line`. */
function repositoryBuilds(file: string, text: string): string[] {
  if (file.endsWith('.repository.ts') || file.endsWith('.module.ts')) return [];
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (/\bcreate\w*Repository\s*\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))
      found.push(`${file}:${index + 1}`);
  });
  return found;
}

/** Functions whose first two parameters are `tenantId` and `userId`/`uid` (the caller as loose ids). */
function looseCallers(file: string, text: string): string[] {
  if (file.endsWith('.repository.ts') || file.endsWith('.table.ts')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && node.parameters.length >= 2) {
      const [first, second] = node.parameters.map((p) => p.name.getText(source));
      if (first === 'tenantId' && (second === 'userId' || second === 'uid')) {
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Declarations of the caller shapes `Actor` replaced. */
function olderCallerShapes(file: string, text: string): string[] {
  return /\b(interface|type)\s+(Viewer|MemberRequest)\b/.test(text) ? [file] : [];
}

describe('services receive their repositories and take an Actor', () => {
  const files = moduleFiles(modulesDir).map((file) => ({
    file: name(file),
    text: readFileSync(file, 'utf8'),
  }));

  it('reads every module', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.some((f) => f.file === 'modules/help/help.service.ts')).toBe(true);
  });

  it('finds what it forbids in a sample', () => {
    const service = [
      'const a = createHelpRepository(db);',
      '// createHelpRepository(db) in a comment is fine',
      'export const mine = (tenantId: number, uid: number, page: number) => page;',
      'export const ok = (actor: Actor, recipientId: number) => recipientId;',
      'export interface Viewer { uid: number }',
    ].join('\n');
    expect(repositoryBuilds('x.service.ts', service)).toEqual(['x.service.ts:1']);
    expect(repositoryBuilds('x.repository.ts', service)).toEqual([]);
    expect(looseCallers('x.service.ts', service)).toEqual(['x.service.ts:3']);
    expect(olderCallerShapes('x.service.ts', service)).toEqual(['x.service.ts']);
  });

  it('no service, job or route builds a repository', () => {
    expect(files.flatMap(({ file, text }) => repositoryBuilds(file, text))).toEqual([]);
  });

  it('no function takes its caller as (tenantId, userId)', () => {
    expect(files.flatMap(({ file, text }) => looseCallers(file, text))).toEqual([]);
  });

  it('Viewer and MemberRequest are gone', () => {
    expect(files.flatMap(({ file, text }) => olderCallerShapes(file, text))).toEqual([]);
  });
});
