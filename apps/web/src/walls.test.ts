import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint zones of eslint.config.js keep the web's walls: each fixture below is linted as if it were a file of
 * the app at that path, and the boundary rule must refuse exactly the imports that cross a wall.
 */
const root = join(import.meta.dirname, '..', '..', '..');
// Only the boundary rule, without type information: the fixtures are not files of the TypeScript project.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies' || ruleId === 'no-restricted-imports',
});

const wallErrors = async (filePath: string, code: string): Promise<number[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  expect(result?.messages.filter((m) => m.fatal) ?? []).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.line);
};

const apiCallsOutsideApi = async (filePath: string, code: string): Promise<number[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
};

describe('web walls (lint)', () => {
  it('a feature may import shared/ and its own folder, not another feature nor app/', async () => {
    const code = [
      "import { useForm } from '../../../shared/lib/use-form';",
      "import { getBannersQueryOptions } from '../api/get-banners';",
      "import { RecentWorks } from '../../plaza/components/recent-works';",
      "import { routes } from '../../../app/routes';",
      'export const used = [useForm, getBannersQueryOptions, RecentWorks, routes];',
    ].join('\n');
    expect(await wallErrors('apps/web/src/features/home/pages/wall-fixture.ts', code)).toEqual([3, 4]);
  });

  it('shared/ imports no feature and not app/', async () => {
    const code = [
      "import { showToast } from '../ui/feedback';",
      "import { NotifyEntry } from '../../features/im-message/components/notify-entry';",
      "import { routes } from '../../app/routes';",
      'export const used = [showToast, NotifyEntry, routes];',
    ].join('\n');
    expect(await wallErrors('apps/web/src/shared/lib/wall-fixture.ts', code)).toEqual([2, 3]);
  });

  it('app/ composes features', async () => {
    const code = [
      "import { HomePage } from '../../features/home/pages/home-page';",
      "import { RecentWorks } from '../../features/plaza/components/recent-works';",
      'export const used = [HomePage, RecentWorks];',
    ].join('\n');
    expect(await wallErrors('apps/web/src/app/pages/wall-fixture.ts', code)).toEqual([]);
  });

  it("a feature's pages and components call the API only through the feature's api/ folder", async () => {
    const code = [
      "import { isApiError } from '../../../shared/lib/api/api-error';",
      "import { call } from '../../../shared/lib/api/client';",
      "import { endpoints } from '../../../shared/lib/api/endpoints';",
      "import { upload } from '../../../shared/lib/api/transfer';",
      "import { getBannersQueryOptions } from '../api/get-banners';",
      'export const used = [isApiError, call, endpoints, upload, getBannersQueryOptions];',
    ].join('\n');
    expect(await apiCallsOutsideApi('apps/web/src/features/home/pages/wall-fixture.tsx', code)).toEqual([2, 3, 4]);
    expect(await apiCallsOutsideApi('apps/web/src/features/home/components/wall-fixture.tsx', code)).toEqual([2, 3, 4]);
    expect(await apiCallsOutsideApi('apps/web/src/features/home/api/wall-fixture.ts', code)).toEqual([]);
  });
});
