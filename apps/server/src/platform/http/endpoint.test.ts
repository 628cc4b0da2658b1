import { defineEndpoint } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { tokenFor } from '../../test/tokens.js';
import { registerEndpoint } from './endpoint.js';

const adminOnly = defineEndpoint({
  method: 'GET',
  path: '/api/test/adminOnly',
  auth: 'admin',
  tag: 'test',
  summary: 'admin',
  result: z.string(),
});
const userOnly = defineEndpoint({
  method: 'GET',
  path: '/api/test/userOnly',
  auth: 'user',
  tag: 'test',
  summary: 'user',
  result: z.number(),
});
const visitor = defineEndpoint({
  method: 'GET',
  path: '/api/test/visitor',
  auth: 'visitor',
  tag: 'test',
  summary: 'visitor',
  result: z.object({ uid: z.number(), tenantId: z.number() }),
});
const crash = defineEndpoint({
  method: 'GET',
  path: '/api/test/crash',
  auth: 'public',
  tag: 'test',
  summary: 'crash',
  result: z.null(),
});
const limited = defineEndpoint({
  method: 'GET',
  path: '/api/test/limited',
  auth: 'public',
  tag: 'test',
  summary: 'limited',
  result: z.boolean(),
});
const drift = defineEndpoint({
  method: 'GET',
  path: '/api/test/drift',
  auth: 'public',
  tag: 'test',
  summary: 'drift',
  result: z.number(),
});
const withParams = defineEndpoint({
  method: 'GET',
  path: '/api/test/item/{id}',
  auth: 'public',
  tag: 'test',
  summary: 'params',
  params: z.object({ id: z.coerce.number().int().min(1) }),
  query: z.object({ q: z.string().max(3).optional() }),
  result: z.object({ id: z.number(), q: z.string().nullable() }),
});

describe('contract-driven endpoints and error mapping', () => {
  let app: TestApp;
  let userToken: string;
  let adminToken: string;
  let guestToken: string;
  let userId: number;

  beforeAll(async () => {
    app = await createTestApp();
    registerEndpoint(app, adminOnly, () => 'secret');
    registerEndpoint(app, userOnly, ({ auth }) => auth.uid);
    registerEndpoint(app, visitor, ({ auth, tenantId }) => ({ uid: auth.uid, tenantId }));
    registerEndpoint(app, crash, () => {
      throw new Error('database password is hunter2');
    });
    registerEndpoint(app, limited, () => true, { rateLimit: { max: 2, timeWindow: '1 minute' } });
    registerEndpoint(app, drift, () => 'not a number' as unknown as number);
    registerEndpoint(app, withParams, ({ params, query }) => ({ id: params.id, q: query.q ?? null }));
    const { sessions } = app.platform;
    // Roles come from the user's row, not from what a token once claimed: a real user and a real operator.
    userToken = await tokenFor(app, 'demo');
    adminToken = await tokenFor(app, 'admin');
    const claims = await app.platform.tokens.verifyAccess(userToken, new Date());
    if (typeof claims === 'string') throw new Error(claims);
    userId = claims.uid;
    guestToken = (await sessions.start({ uid: 0, tenantId: 1, roles: ['guest'] })).accessToken;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('401 without a token, with the stable id', async () => {
    const res = await get('/api/test/userOnly');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({
      code: 401,
      type: 'error',
      result: null,
      extras: { error: 'unauthorized' },
    });
  });

  it('403 for a user on an admin endpoint; admin passes', async () => {
    const res = await get('/api/test/adminOnly', userToken, { 'accept-language': 'es' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 403,
      extras: { error: 'forbidden' },
      message: 'No tienes permiso para hacer esto.',
    });
    expect(json(await get('/api/test/adminOnly', adminToken)).result).toBe('secret');
  });

  it('guests may call visitor endpoints but not user endpoints', async () => {
    expect(json(await get('/api/test/visitor', guestToken)).result).toEqual({ uid: 0, tenantId: 1 });
    const res = await get('/api/test/userOnly', guestToken);
    expect(res.statusCode).toBe(401);
    expect(json(res).extras?.error).toBe('guest_not_allowed');
    expect(json(res).message).toBe('当前为游客模式，请先登录');
  });

  it('takes the tenant from the token, never from the header, once logged in', async () => {
    const res = await get('/api/test/visitor', userToken, { TenantId: '2' });
    expect(json(res).result).toEqual({ uid: userId, tenantId: 1 });
  });

  it('500 hides the cause: no stack, no internal message', async () => {
    const res = await get('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(json(res)).toMatchObject({
      code: 500,
      extras: { error: 'internal_error' },
      message: '服务器开小差了，请稍后再试',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('a result that breaks the contract is a 500, not a silent drift', async () => {
    expect((await get('/api/test/drift')).statusCode).toBe(500);
  });

  it('429 once the route limit is used up', async () => {
    expect((await get('/api/test/limited')).statusCode).toBe(200);
    expect((await get('/api/test/limited')).statusCode).toBe(200);
    const res = await get('/api/test/limited', undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({
      code: 429,
      extras: { error: 'too_many_requests' },
      message: 'Too many requests. Please try again later.',
    });
  });

  it('validates path and query parameters', async () => {
    expect(json(await get('/api/test/item/7?q=ab')).result).toEqual({ id: 7, q: 'ab' });
    const res = await get('/api/test/item/0?q=abcd');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res).message as object).sort()).toEqual(['id', 'q']);
  });

  it('logout-style revocation refuses the access token at once', async () => {
    const pair = await app.platform.sessions.start({ uid: 100000, tenantId: 1, roles: ['user'] });
    expect((await get('/api/test/userOnly', pair.accessToken)).statusCode).toBe(200);
    const claims = await app.platform.tokens.verifyAccess(pair.accessToken, new Date());
    if (typeof claims === 'string') throw new Error(claims);
    await app.platform.sessions.revoke(claims.sid);
    const res = await get('/api/test/userOnly', pair.accessToken);
    expect(res.statusCode).toBe(401);
    expect(json(res).extras?.error).toBe('session_revoked');
  });
});
