import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function in a service or a repository is longer than 150 lines (issue 25 point 8): a factory that grows
 * past that is split by role into smaller factories it composes. Every `*.service.ts` and `*.repository.ts`
 * under src/ is parsed with the TypeScript compiler and every function in it (declaration, expression, arrow,
 * method, accessor, constructor) is measured from its first to its last line.
 */
const MAX_FUNCTION_LINES = 150;

const srcDir = import.meta.dirname;

const isMeasured = (file: string) =>
  (file.endsWith('.service.ts') || file.endsWith('.repository.ts')) && !file.endsWith('.test.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return isMeasured(entry.name) ? [path] : [];
  });
}

/** A readable name for a function: its own, or the variable, property or method it is assigned to. */
function functionName(node: ts.FunctionLikeDeclaration, sourceFile: ts.SourceFile): string {
  if (node.name) return node.name.getText(sourceFile);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(sourceFile);
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** Every function in `text` (parsed as `file`) longer than `max` lines. */
function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = sourceFile.getLineAndCharacterOfPosition(fn.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file, name: functionName(fn, sourceFile), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('function size in services and repositories', () => {
  const files = sourceFiles(srcDir);

  it('finds the services and repositories it measures, the media modules among them', () => {
    const names = files.map((file) => relative(srcDir, file).split('\\').join('/'));
    expect(names.length).toBeGreaterThan(50);
    for (const media of ['modules/video/', 'modules/voice/', 'modules/drawing/', 'platform/']) {
      expect(names.some((name) => name.startsWith(media))).toBe(true);
    }
  });

  it('measures every kind of function, nested ones too, and names them', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function declared() {\n${body(150)}\n}`,
      `export const arrow = () => {\n${body(149)}\n};`,
      `export function outer() {\n  return { inner() {\n${body(149)}\n  } };\n}`,
      `export class Store {\n  method() {\n${body(149)}\n  }\n}`,
      `export const fine = () => {\n${body(148)}\n};`,
    ].join('\n');
    const found = longFunctions('sample.service.ts', text).map(({ name, lines }) => `${name} ${lines}`);
    expect(found).toEqual(['declared 152', 'arrow 151', 'outer 153', 'inner 151', 'method 151']);
  });

  it(`no function is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const offenders = files.flatMap((file) =>
      longFunctions(relative(srcDir, file).split('\\').join('/'), readFileSync(file, 'utf8')).map(
        ({ file: name, name: fn, line, lines }) => `${name}:${line} ${fn} (${lines} lines)`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
