import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken } from '../../test/tokens.js';

/**
 * Issue 27 point 14: a visitor tapping 开始绘画 was answered 401 `unauthorized` for "my works", which ended the
 * visitor session (toast, banner and dialog at once, on the login page). A visitor is refused as a visitor.
 */
describe('lists of my own things for a visitor', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('my works: 401 guest_not_allowed (the session stays); the hall: open', async () => {
    const headers = bearer(await guestToken(app));
    const mine = await app.inject({ method: 'POST', url: '/api/aiDraw/page', headers, payload: { scope: 'mine', page: 1, pageSize: 10 } });
    expect(mine.statusCode).toBe(401);
    expect(json(mine).extras?.error).toBe('guest_not_allowed');
    const hall = await app.inject({ method: 'POST', url: '/api/aiDraw/page', headers, payload: { scope: 'hall', page: 1, pageSize: 10 } });
    expect(hall.statusCode).toBe(200);
  });

  it('my articles (the video page asks them): 401 guest_not_allowed too', async () => {
    const headers = bearer(await guestToken(app));
    const mine = await app.inject({ method: 'POST', url: '/api/sysArticle/page', headers, payload: { mine: true, pageSize: 50 } });
    expect(mine.statusCode).toBe(401);
    expect(json(mine).extras?.error).toBe('guest_not_allowed');
    // No token at all is still "log in": unauthorized.
    const anonymous = await app.inject({ method: 'POST', url: '/api/sysArticle/page', payload: { mine: true, pageSize: 50 } });
    expect(json(anonymous).extras?.error).toBe('unauthorized');
  });
});
