import { defineEndpoint } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { fixedClock } from '../clock.js';
import { registerEndpoint } from '../http/endpoint.js';

const me = defineEndpoint({
  method: 'GET',
  path: '/api/test/me',
  auth: 'user',
  tag: 'test',
  summary: 'me',
  result: z.number(),
});

describe('access token expiry and the Admin.NET refresh convention', () => {
  const clock = fixedClock('2026-11-21T08:00:00Z');
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: 600 }, { clock });
    registerEndpoint(app, me, ({ auth }) => auth.uid);
  });
  afterAll(async () => {
    await app.close();
  });

  it('renews an expired access token from a valid refresh token, rotating it', async () => {
    const pair = await app.platform.sessions.start({ uid: 100000, tenantId: 1, roles: ['user'] });
    clock.advance(601_000);
    const expired = await app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(expired.statusCode).toBe(401);
    expect(json(expired).extras?.error).toBe('token_expired');

    const renewed = await app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: {
        authorization: `Bearer ${pair.accessToken}`,
        'x-authorization': `Bearer ${pair.refreshToken}`,
      },
    });
    expect(renewed.statusCode).toBe(200);
    const newAccess = renewed.headers['access-token'] as string;
    const newRefresh = renewed.headers['x-access-token'] as string;
    expect(newAccess).toBeTruthy();
    expect(newRefresh).not.toBe(pair.refreshToken);
    const next = await app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: `Bearer ${newAccess}` },
    });
    expect(json(next).result).toBe(100000);

    // Long after rotation, the old refresh token is a replay: refused, and the session is ended.
    clock.advance(700_000);
    const replay = await app.platform.sessions.refresh(pair.refreshToken);
    expect(replay).toBeNull();
    expect(await app.platform.sessions.refresh(newRefresh)).toBeNull();
  });

  it('refuses a forged token signed with another secret or algorithm', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ uid: 1, tenantId: 1, roles: ['admin'], sid: 'x', exp: 9999999999 }),
    ).toString('base64url');
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: `Bearer ${header}.${payload}.` },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res).extras?.error).toBe('token_invalid');
  });

  it('concurrent renewals of one refresh token all get the same new pair; the session survives', async () => {
    const pair = await app.platform.sessions.start({ uid: 100000, tenantId: 1, roles: ['user'] });
    const renewals = await Promise.all(
      [1, 2, 3, 4].map(() => app.platform.sessions.refresh(pair.refreshToken)),
    );
    expect(renewals.every((r) => r !== null)).toBe(true);
    expect(new Set(renewals.map((r) => r!.refreshToken)).size).toBe(1);
    // The new refresh token works; the session was not taken for a leak.
    expect(await app.platform.sessions.refresh(renewals[0]!.refreshToken)).not.toBeNull();
  });
});
