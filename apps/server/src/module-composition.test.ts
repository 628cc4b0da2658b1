import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules.js';
import type { AnyModuleDefinition } from './platform/module.js';

/**
 * Modules compose themselves (issue 25): each module's `index.ts` exports its definition, which builds its
 * repositories and services once and hands them to its jobs and its routes; `modules.ts` lists every definition
 * in one order and app.ts and worker.ts assemble that list (none by hand). A route file builds nothing and
 * imports no repository, and the worker loads no route file at all.
 */
const srcDir = import.meta.dirname;
const modulesDir = join(srcDir, 'modules');
const areas = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const read = (file: string) => readFileSync(file, 'utf8');
const routeFiles = areas.flatMap((area) =>
  readdirSync(join(modulesDir, area), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => ({ name: `${area}/${file}`, text: read(join(modulesDir, area, file)) })),
);

/** Calls that build something of ours (node's own factories, e.g. createHash, are not ours). */
const NODE_FACTORIES = new Set(['createHash', 'createWriteStream', 'createReadStream']);
const buildsInside = (text: string) =>
  [...text.matchAll(/\bcreate[A-Z]\w*(?=\()/g)].map((m) => m[0]).filter((name) => !NODE_FACTORIES.has(name));

const isDefinition = (value: unknown): value is AnyModuleDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyModuleDefinition).name === 'string' &&
  typeof (value as AnyModuleDefinition).create === 'function';

/**
 * The specifiers a file imports at run time, as TypeScript emits it: `import type`, `export type` and imports
 * of types only (`import { type A }`) are erased; dynamic `import()` is not a static import.
 */
const runtimeImports = (text: string): string[] => {
  const statements = text.matchAll(
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g,
  );
  const found: string[] = [];
  for (const [, , typeOnly, clause, from, bare] of statements) {
    if (bare) {
      found.push(bare);
      continue;
    }
    if (typeOnly || !from) continue;
    const braces = /^\{([\s\S]*)\}$/.exec(clause!.trim());
    const names = braces?.[1]!.split(',').map((name) => name.trim()).filter(Boolean);
    if (names?.length && names.every((name) => name.startsWith('type '))) continue;
    found.push(from);
  }
  return found;
};

/** The source files reached from `entry` through static run-time imports, and the packages they import. */
const staticImportGraph = (entry: string) => {
  const files = new Set<string>();
  const packages = new Map<string, Set<string>>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const from of runtimeImports(read(file))) {
      if (!from.startsWith('.')) {
        const importers = packages.get(from) ?? new Set<string>();
        packages.set(from, importers.add(relative(srcDir, file)));
        continue;
      }
      const target = resolve(dirname(file), from).replace(/\.js$/, '.ts');
      if (!existsSync(target)) throw new Error(`${relative(srcDir, file)} imports ${from}, not found`);
      visit(target);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(srcDir, file)), packages };
};

describe('module composition', () => {
  it('finds the route files it checks', () => {
    expect(routeFiles.length).toBeGreaterThan(15);
    expect(routeFiles.map(({ name }) => name)).toContain('commerce/orders/pay-notify.routes.ts');
  });

  it('no route file builds a service or a repository', () => {
    const offenders = routeFiles.flatMap(({ name, text }) =>
      buildsInside(text).map((call) => `${name}: ${call}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no route file imports a repository', () => {
    const offenders = routeFiles
      .filter(({ text }) => /from '[^']*\.repository\.js'/.test(text))
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
  });

  it("every module directory's index.ts exports its definition, named as the directory", async () => {
    const missing: string[] = [];
    for (const area of areas) {
      const entry = (await import(`./modules/${area}/index.ts`)) as Record<string, unknown>;
      if (!Object.values(entry).some((value) => isDefinition(value) && value.name === area)) missing.push(area);
    }
    expect(missing).toEqual([]);
  });

  it('modules.ts lists every definition once, each after the modules it needs', async () => {
    const listed = MODULES.map((definition) => definition.name);
    expect([...listed].sort()).toEqual([...areas].sort());
    for (const area of areas) {
      const entry = (await import(`./modules/${area}/index.ts`)) as Record<string, unknown>;
      expect(MODULES).toContain(Object.values(entry).find(isDefinition));
    }
    const outOfOrder = MODULES.flatMap((definition, at) =>
      Object.values(definition.needs as Record<string, AnyModuleDefinition>)
        .filter((needed) => !MODULES.slice(0, at).includes(needed))
        .map((needed) => `${definition.name} needs ${needed.name}`),
    );
    expect(outOfOrder).toEqual([]);
  });

  it('app.ts and worker.ts assemble the modules from modules.ts, none by hand', () => {
    for (const file of ['app.ts', 'worker.ts']) {
      const text = read(join(srcDir, file));
      expect(text, file).toMatch(/import \{ MODULES \} from '\.\/modules\.js'/);
      expect(text, file).toMatch(/createModules\(MODULES, platform\)/);
      // No module's entry, definition or routes imported here: a module is assembled only from the list.
      expect(text, file).not.toMatch(/from '\.\/modules\//);
    }
  });

  it('the worker imports no route file and no fastify (walking its static imports through the sources)', () => {
    const { files, packages } = staticImportGraph(join(srcDir, 'worker.ts'));
    // The walk reaches every module's definition (so it would see a route file imported by one of them).
    for (const area of areas) expect(files).toContain(`modules/${area}/index.ts`);
    expect(files.filter((file) => file.endsWith('.routes.ts'))).toEqual([]);
    expect(runtimeImports(read(join(srcDir, 'worker.ts'))).filter((from) => from.includes('fastify'))).toEqual([]);
    expect(packages.get('fastify') ?? new Set()).toEqual(new Set());
  });

  it('the import walk sees a route file where one is imported (the check above can fail)', () => {
    const { files } = staticImportGraph(join(srcDir, 'app.ts'));
    expect(files).toContain('platform/hub/hub.routes.ts');
    expect(runtimeImports("import { a, type B } from './x.js';\nimport type { C } from './y.js';")).toEqual([
      './x.js',
    ]);
    expect(runtimeImports("import {\n  type A,\n  type B,\n} from './x.js';\nimport './z.js';")).toEqual(['./z.js']);
  });
});
