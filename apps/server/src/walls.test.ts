import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's lint zones (eslint.config.js) hold its walls. Each fixture is linted as a file at the path
 * given, importing real files of the server; the boundary rule must refuse exactly the lines that cross a wall.
 */
const repoRoot = join(import.meta.dirname, '..', '..', '..');
const lint = new ESLint({
  cwd: repoRoot,
  // The fixtures are not in the TypeScript project: lint them without type information, boundary rule only.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies',
});

/** Lines of `imports` (one import per line) the boundary rule refuses, linted as the file at `path`. */
const refusedLines = async (path: string, imports: string[]) => {
  const code = imports.map((from, i) => `import * as m${i} from '${from}';`).join('\n');
  const [result] = await lint.lintText(`${code}\nexport const all = [${imports.map((_, i) => `m${i}`)}];\n`, {
    filePath: join(repoRoot, 'apps/server/src', path),
  });
  expect(result?.messages.filter((m) => m.fatal) ?? []).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.line);
};

describe('server walls (lint)', () => {
  it("a module imports the platform, config and other modules' public entries; nothing else outside itself", async () => {
    const refused = await refusedLines('modules/plaza/wall-fixture.ts', [
      './plaza.repository.js',
      '../../platform/db/paged.js',
      '../../config.js',
      '../history/index.js',
      '../history/history.repository.js',
      '../chat/chat.service.js',
      '../../schema.js',
      '../../app.js',
      '../../test/build-app.js',
    ]);
    expect(refused).toEqual([5, 6, 7, 8, 9]);
  });

  it('the platform imports no module, not even its public entry, and nothing above it but config', async () => {
    const refused = await refusedLines('platform/wallet/wall-fixture.ts', [
      '../db/client.js',
      '../../config.js',
      '../../modules/users/index.js',
      '../../modules/users/users.service.js',
      '../../schema.js',
    ]);
    expect(refused).toEqual([3, 4, 5]);
  });

  it("tests may use test helpers and the table aggregate, still not another module's internals", async () => {
    const refused = await refusedLines('modules/plaza/wall-fixture.test.ts', [
      '../../test/build-app.js',
      '../../schema.js',
      '../chat/index.js',
      '../chat/chat.repository.js',
    ]);
    expect(refused).toEqual([4]);
  });

  it('the composition root composes: app.ts may reach any module', async () => {
    expect(
      await refusedLines('app-fixture.ts', ['./modules/chat/chat.routes.js', './platform/platform.js']),
    ).toEqual([]);
  });
});
