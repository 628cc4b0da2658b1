import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';

// 2026-03-02 01:00 in Shanghai is still 2026-03-01 in UTC: days are Shanghai days.
const clock = fixedClock('2026-03-01T17:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe('usage statistics', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let demo: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = bearer(await tokenFor(app, 'admin'));
    demo = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(async () => {
    await app.close();
  });

  const report = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/sysStat/report', headers, payload });

  it('accepts batches, drops items dated too far back or ahead, validates names', async () => {
    const first = await report({
      deviceId: 'device-aaaa',
      sessionId: 'session-a1',
      platform: 'h5',
      items: [
        { type: 'page', name: '/pages/index/index', time: at('2026-03-01T16:30:00Z') }, // 00:30 Shanghai, 3-02
        { type: 'page', name: '/pages/plaza/index?tab=2', time: at('2026-03-01T16:31:00Z') },
        { type: 'event', name: 'video_create', value: 'food', time: at('2026-03-01T16:32:00Z') },
        { type: 'page', name: '/pages/index/index', time: at('2026-03-01T15:00:00Z') }, // 23:00, 3-01
        { type: 'event', name: 'too_old', time: at('2026-02-01T00:00:00Z') },
        { type: 'event', name: 'future', time: at('2026-03-01T18:00:00Z') },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(json(first).result).toEqual({ accepted: 4, dropped: 2 });

    const second = await report(
      {
        deviceId: 'device-bbbb',
        sessionId: 'session-b1',
        platform: 'app',
        items: [
          { type: 'page', name: '/pages/index/index', time: at('2026-03-01T16:40:00Z') },
          { type: 'event', name: 'video_create', time: at('2026-03-01T16:41:00Z') },
          { type: 'event', name: 'share', time: at('2026-03-01T16:42:00Z') },
        ],
      },
      demo,
    );
    expect(json(second).result).toEqual({ accepted: 3, dropped: 0 });

    const bad = await report({
      deviceId: 'device-cccc',
      sessionId: 'session-c1',
      platform: 'h5',
      items: [{ type: 'event', name: 'x'.repeat(256), time: at('2026-03-01T16:40:00Z') }],
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await report({
      deviceId: 'device-cccc',
      sessionId: 'session-c1',
      platform: 'h5',
      items: Array.from({ length: 101 }, () => ({
        type: 'page',
        name: '/x',
        time: at('2026-03-01T16:40:00Z'),
      })),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('operators get daily active users, page views per route and event counts', async () => {
    const range = 'from=2026-02-28&to=2026-03-02';
    const daily = json<unknown[]>(
      await app.inject({ method: 'GET', url: `/api/sysStat/dailyActive?${range}`, headers: admin }),
    ).result;
    expect(daily).toEqual([
      { day: '2026-02-28', activeUsers: 0, loggedInUsers: 0, sessions: 0, pageViews: 0 },
      { day: '2026-03-01', activeUsers: 1, loggedInUsers: 0, sessions: 1, pageViews: 1 },
      { day: '2026-03-02', activeUsers: 2, loggedInUsers: 1, sessions: 2, pageViews: 3 },
    ]);
    const pages = json<unknown[]>(
      await app.inject({ method: 'GET', url: `/api/sysStat/pageViews?${range}`, headers: admin }),
    ).result;
    expect(pages).toEqual([
      { route: '/pages/index/index', views: 3, visitors: 2 },
      { route: '/pages/plaza/index', views: 1, visitors: 1 },
    ]);
    const events = json<unknown[]>(
      await app.inject({
        method: 'GET',
        url: `/api/sysStat/events?from=2026-03-02&to=2026-03-02`,
        headers: admin,
      }),
    ).result;
    expect(events).toEqual([
      { name: 'video_create', count: 2, visitors: 2 },
      { name: 'share', count: 1, visitors: 1 },
    ]);
  });

  it('queries need the admin role and a sane range', async () => {
    const user = await app.inject({
      method: 'GET',
      url: '/api/sysStat/events?from=2026-03-01&to=2026-03-02',
      headers: demo,
    });
    expect(user.statusCode).toBe(403);
    const reversed = await app.inject({
      method: 'GET',
      url: '/api/sysStat/events?from=2026-03-03&to=2026-03-02',
      headers: admin,
    });
    expect(reversed.statusCode).toBe(400);
    const tooLong = await app.inject({
      method: 'GET',
      url: '/api/sysStat/events?from=2024-01-01&to=2026-03-02',
      headers: admin,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('tells clients whether statistics are collected (on by default, off with STATS_ENABLED=false)', async () => {
    const on = await app.inject({ method: 'GET', url: '/api/sysStat/status' });
    expect(json<{ enabled: boolean }>(on).result).toEqual({ enabled: true });
    const quiet = await createTestApp({ STATS_ENABLED: false });
    try {
      const off = await quiet.inject({ method: 'GET', url: '/api/sysStat/status' });
      expect(json<{ enabled: boolean }>(off).result).toEqual({ enabled: false });
    } finally {
      await quiet.close();
    }
  });
});
