import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/build-app.js';

/** A link to a page without "#" (issue 27 point 5) opens the page through its hash route. */
describe('plain links to the pages of the web app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('redirects every app route prefix to its hash route, query kept', async () => {
    const cases: [string, string][] = [
      ['/pages/plaza/index', '/#/pages/plaza/index'],
      ['/pages/detail/article?id=42&from=share', '/#/pages/detail/article?id=42&from=share'],
      ['/draw/home/detail?id=7', '/#/draw/home/detail?id=7'],
      ['/media/video/index', '/#/media/video/index'],
      ['/set/help/index', '/#/set/help/index'],
      ['/activity/sign/index?ref=a%20b', '/#/activity/sign/index?ref=a%20b'],
      ['/auth/index', '/#/auth/index'],
    ];
    for (const [url, location] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(302);
        expect(res.headers.location).toBe(location);
      }
    }
    // A link preview or curl sends no Accept header: still the page.
    const bare = await app.inject({ method: 'GET', url: '/pages/index/index' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/#/pages/index/index');
  });

  it('leaves other prefixes, other methods and the API alone', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/nowhere/plaza/index', headers: { accept: 'application/json' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    // The prefix must be a whole segment.
    expect((await app.inject({ method: 'GET', url: '/pagesx/plaza', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/pages/plaza/index' });
    expect(api.statusCode).toBe(404);
    expect(api.headers.location).toBeUndefined();
    const post = await app.inject({ method: 'POST', url: '/pages/plaza/index', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.headers.location).toBeUndefined();
  });
});
