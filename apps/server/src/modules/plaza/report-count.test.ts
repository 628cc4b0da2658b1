import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { passwordLogin } from '../../test/auth.js';
import { api, newUser } from '../../test/commerce.js';

type Paged<T> = { items: T[]; total: number };

/** Issue 27 point 14: the console's content list showed 举报 0 for a reported article. */
describe('the console counts the reports of a work', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = json<{ accessToken: string }>(await passwordLogin(app, 'admin', 'admin123456')).result.accessToken;
  });
  afterAll(() => app.close());

  it('in the content list and in the work an operator acts on', async () => {
    const author = await newUser(app);
    const readers = [await newUser(app), await newUser(app)];
    const { id } = (await api<{ id: number }>(app, 'POST', '/api/sysArticle/add', author.token, { title: '被举报的作品', content: '正文' })).result;
    for (const reader of readers) {
      const res = await api(app, 'POST', '/api/sysReport/add', reader.token, { targetType: 'article', targetId: id, reason: 'spam' });
      expect(res.status, JSON.stringify(res)).toBe(200);
    }
    const list = await api<Paged<{ id: number; reportCount: number }>>(app, 'POST', '/api/console/content/page', admin, { filters: { keyword: '被举报的作品' } });
    expect(list.result.items.find((c) => c.id === id)?.reportCount).toBe(2);
    // An operator's action answers the work as the detail shows it, with its count too.
    const pinned = await api<{ reportCount: number }>(app, 'POST', '/api/console/content/pin', admin, { id, pinned: true });
    expect(pinned.result.reportCount).toBe(2);
  });
});
