import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules compose themselves (issue 25): each module's definition (`<area>.module.ts`) builds its
 * repositories and services once and hands them to its routes; a route file builds nothing and imports no
 * repository, and app.ts assembles the modules through their `register*Module` entries.
 */
const modulesDir = join(import.meta.dirname, 'modules');
const areas = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const routeFiles = areas.flatMap((area) =>
  readdirSync(join(modulesDir, area))
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => ({ name: `${area}/${file}`, text: readFileSync(join(modulesDir, area, file), 'utf8') })),
);

/** Calls that build something of ours (node's own factories, e.g. createHash, are not ours). */
const NODE_FACTORIES = new Set(['createHash', 'createWriteStream', 'createReadStream']);
const buildsInside = (text: string) =>
  [...text.matchAll(/\bcreate[A-Z]\w*(?=\()/g)].map((m) => m[0]).filter((name) => !NODE_FACTORIES.has(name));

describe('module composition', () => {
  it('finds the route files it checks', () => {
    expect(routeFiles.length).toBeGreaterThan(15);
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

  it("every module with routes is assembled in app.ts from its definition's register*Module", () => {
    const app = readFileSync(join(import.meta.dirname, 'app.ts'), 'utf8');
    const withRoutes = [...new Set(routeFiles.map(({ name }) => name.split('/')[0]!))];
    const missing = withRoutes.filter(
      (area) =>
        !new RegExp(
          `import \\{[^}]*\\bregister\\w+Module\\b[^}]*\\} from './modules/${area}/index\\.js'`,
        ).test(app),
    );
    expect(missing).toEqual([]);
    // The hub's routes are the platform's; a module's routes are registered only by its definition.
    expect(app).not.toMatch(/import \{[^}]*\bregister\w+Routes\b[^}]*\} from '\.\/modules\//);
  });
});
