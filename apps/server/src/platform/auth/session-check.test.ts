import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { fixedClock } from '../clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, sessionIdOf, tokenFor } from '../../test/tokens.js';
import { sessions, users } from '../identity/identity.table.js';
import { createSessionCheckCache, SESSION_CHANGE_CHANNEL } from './session-check-cache.js';

describe('session check (remembered until this process writes or a trigger says otherwise)', () => {
  const clock = fixedClock('2026-03-01T08:00:00Z');
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
  });
  afterAll(() => app.close());

  const quota = (token: string) =>
    app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(token) });
  const demoId = async () =>
    (
      await app.platform.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, 'demo')))
    )[0]!.id;

  it('a session revoked by any writer (here plain SQL) is refused on the next request', async () => {
    const token = await tokenFor(app, 'demo');
    expect((await quota(token)).statusCode).toBe(200);
    expect((await quota(token)).statusCode).toBe(200);
    await app.platform.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, sessionIdOf(token)));
    const refused = await quota(token);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).extras).toMatchObject({ error: 'session_revoked' });
  });

  it('roles come from the user row, not the token: an operator demoted is refused on the next request', async () => {
    const token = await tokenFor(app, 'admin');
    const adminPage = () =>
      app.inject({
        method: 'POST',
        url: '/api/sysPointsMall/adminPage',
        headers: bearer(token),
        payload: { page: 1, pageSize: 10 },
      });
    expect((await adminPage()).statusCode).toBe(200);
    const [admin] = await app.platform.db
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, 'admin')));
    await app.platform.db
      .update(users)
      .set({ roles: ['user'] })
      .where(eq(users.id, admin!.id));
    try {
      expect((await adminPage()).statusCode).toBe(403);
    } finally {
      await app.platform.db.update(users).set({ roles: admin!.roles }).where(eq(users.id, admin!.id));
    }
    expect((await adminPage()).statusCode).toBe(200);
  });

  it('a session is tied to its user: a token naming another uid on it is refused', async () => {
    const token = await tokenFor(app, 'demo');
    const [admin] = await app.platform.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, 'admin')));
    const forged = await app.platform.tokens.signAccess(
      {
        uid: admin!.id,
        tenantId: DEFAULT_TENANT_ID,
        roles: ['admin'],
        permissions: ['*'],
        sid: sessionIdOf(token),
      },
      clock.now(),
    );
    const refused = await quota(forged);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).extras).toMatchObject({ error: 'session_revoked' });
  });

  it('a membership granted or a user deleted elsewhere shows on the next request', async () => {
    const token = await tokenFor(app, 'demo');
    expect(json<{ isVip: boolean }>(await quota(token)).result.isVip).toBe(false);
    const id = await demoId();
    await app.platform.db
      .update(users)
      .set({ vipLevel: 1, vipExpireAt: new Date(clock.now().getTime() + 86_400_000) })
      .where(eq(users.id, id));
    expect(json<{ isVip: boolean; limit: number | null }>(await quota(token)).result).toMatchObject({
      isVip: true,
      limit: null,
    });
    await app.platform.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, id));
    expect((await quota(token)).statusCode).toBe(401);
    await app.platform.db
      .update(users)
      .set({ deletedAt: null, vipLevel: 0, vipExpireAt: null })
      .where(eq(users.id, id));
  });

  it('an expired session is refused even while remembered', async () => {
    const token = await tokenFor(app, 'demo');
    const sessionId = sessionIdOf(token);
    expect(await app.platform.sessions.activeMembership(sessionId)).not.toBeNull();
    const [row] = await app.platform.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    // Only the clock moves past the expiry: no write, no notification.
    const start = clock.now();
    clock.set(new Date(row!.expiresAt.getTime() + 1000).toISOString());
    try {
      expect(await app.platform.sessions.activeMembership(sessionId)).toBeNull();
    } finally {
      clock.set(start.toISOString());
    }
  });
});

describe('session check cache', () => {
  const listener = () => {
    let notify: (payload: string) => void = () => undefined;
    const listen = async (channel: string, onPayload: (payload: string) => void) => {
      expect(channel).toBe(SESSION_CHANGE_CHANNEL);
      notify = onPayload;
    };
    return { listen, notify: (payload: string) => notify(payload) };
  };
  const check = (userId: number) => ({
    userId,
    tenantId: DEFAULT_TENANT_ID,
    roles: ['user'],
    expiresAt: new Date(Date.now() + 60_000),
    membership: { vipLevel: 0, vipExpireAt: null },
  });

  it('forgets a session, or every session of a user, when told', async () => {
    const feed = listener();
    const cache = createSessionCheckCache(feed.listen);
    await cache.ready;
    const now = new Date();
    await cache.remember('a', async () => check(1));
    await cache.remember('b', async () => check(1));
    await cache.remember('c', async () => check(2));
    expect(cache.get('a', now)).toBeDefined();
    feed.notify('session:a');
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)).toBeDefined();
    feed.notify('user:1');
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('c', now)).toBeDefined();
  });

  it('does not remember a lookup that a change overlapped (it may have read the old row)', async () => {
    const feed = listener();
    const cache = createSessionCheckCache(feed.listen);
    await cache.ready;
    await cache.remember('a', async () => {
      feed.notify('session:a');
      return check(1);
    });
    expect(cache.get('a', new Date())).toBeUndefined();
  });

  it('remembers nothing until it is listening', async () => {
    const cache = createSessionCheckCache(() => new Promise(() => undefined));
    await cache.remember('a', async () => check(1));
    expect(cache.get('a', new Date())).toBeUndefined();
  });
});
