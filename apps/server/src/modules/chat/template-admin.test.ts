import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { passwordLogin } from '../../test/auth.js';
import { api } from '../../test/commerce.js';

type Template = { id: number; title: string; prompt: string; categoryId: number };
type Paged<T> = { items: T[]; total: number };

/** The operators' template editor through the console: the page finds what was added and edited. */
describe('prompt templates in the console', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = json<{ accessToken: string }>(await passwordLogin(app, 'admin', 'admin123456')).result
      .accessToken;
  });
  afterAll(() => app.close());

  const call = <T>(path: string, token: string | null, payload?: unknown, method: 'GET' | 'POST' = 'POST') =>
    api<T>(app, method, path, token, payload);

  it('lists the added template by keyword, with its edit, for operators only', async () => {
    const categories = await call<{ id: number }[]>(
      '/api/sysPromptTemplate/categories',
      null,
      undefined,
      'GET',
    );
    const categoryId = categories.result[0]!.id;
    const added = await call<Template>('/api/console/prompt-templates/add', admin, {
      categoryId,
      title: '控制台模板甲',
      prompt: '写一段介绍：{{topic}}',
    });
    expect(added.status).toBe(200);
    await call('/api/console/prompt-templates/update', admin, {
      id: added.result.id,
      prompt: '改过的提示词',
    });

    const page = await call<Paged<Template>>('/api/console/prompt-templates/page', admin, {
      filters: { keyword: '控制台模板甲' },
    });
    expect(page.status).toBe(200);
    expect(page.result.total).toBe(1);
    expect(page.result.items[0]).toMatchObject({
      id: added.result.id,
      title: '控制台模板甲',
      prompt: '改过的提示词',
      categoryId,
    });

    const anonymous = await call('/api/console/prompt-templates/page', null, { filters: {} });
    expect(anonymous.status).toBe(401);
  });
});
