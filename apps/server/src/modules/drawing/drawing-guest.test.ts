import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken } from '../../test/tokens.js';

/**
 * Issue 27 point 14: a visitor tapping 开始绘画 was answered 401 `unauthorized` for "my works", which ended the
 * visitor session (toast, banner and dialog at once, on the login page). A visitor is refused as a visitor.
 */
describe('drawing lists for a visitor', () => {
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
});
