import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { LOG_REPORTS_PER_MINUTE } from './log-ex.routes.js';

const report = {
  controllerName: 'pages/index/index',
  displayTitle: '首页',
  actionName: 'onLoad',
  httpMethod: 'GET',
  requestUrl: '/api/sysCommonInfo/page',
  logLevel: 'error',
  browser: 'Chrome 120',
  os: 'Android 14',
  message: "TypeError: Cannot read properties of undefined (reading 'items')",
  tenantId: 1,
};

describe('client error log intake', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = bearer(await tokenFor(app, 'admin'));
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (payload: unknown, remoteAddress = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/sysLogEx/add', payload: payload as object, remoteAddress });
  const stored = async () =>
    json<{ total: number; items: { message: string; ip: string; os: string }[] }>(
      await app.inject({ method: 'POST', url: '/api/sysLogEx/page', headers: admin, payload: {} }),
    ).result;

  const setReporting = async (h5: boolean) => {
    const page = json<{ items: { id: number; value: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysDictData/page',
        headers: admin,
        payload: { name: 'app_config', pageSize: 100 },
      }),
    ).result;
    const item = page.items.find((i) => i.value === 'reportLogEnable')!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/update',
      headers: admin,
      payload: { id: item.id, data: { h5 } },
    });
    expect(res.statusCode).toBe(200);
  };

  it('stores a report while reportLogEnable.h5 is on', async () => {
    const res = await send(report);
    expect(res.statusCode).toBe(200);
    expect(json<boolean>(res).result).toBe(true);
    const page = await stored();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ message: report.message, ip: '10.0.0.1', os: 'Android 14' });
  });

  it('stores nothing (and answers false) while it is off', async () => {
    await setReporting(false);
    const res = await send(report, '10.0.0.2');
    expect(res.statusCode).toBe(200);
    expect(json<boolean>(res).result).toBe(false);
    expect((await stored()).total).toBe(1);
    await setReporting(true);
  });

  it('limits every field', async () => {
    const res = await send({ ...report, message: 'x'.repeat(8001), browser: 'b'.repeat(201) }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res).message as object).sort()).toEqual(['browser', 'message']);
    expect((await send({ ...report, message: '' }, '10.0.0.3')).statusCode).toBe(400);
  });

  it('accepts only the log levels of the contract, and filters by level', async () => {
    const numeric = await send({ ...report, logLevel: 4 }, '10.0.0.4');
    expect(numeric.statusCode).toBe(400);
    expect(Object.keys(json(numeric).message as object)).toEqual(['logLevel']);
    expect((await send({ ...report, logLevel: 'verbose' }, '10.0.0.4')).statusCode).toBe(400);
    expect((await send({ ...report, logLevel: 'warn', message: 'slow image' }, '10.0.0.4')).statusCode).toBe(
      200,
    );
    const warnings = json<{ total: number; items: { message: string; logLevel: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysLogEx/page',
        headers: admin,
        payload: { logLevel: 'warn' },
      }),
    ).result;
    expect(warnings.items.map((i) => [i.logLevel, i.message])).toEqual([['warn', 'slow image']]);
  });

  it('rate-limits per client IP: 429 beyond the limit, other clients unaffected', async () => {
    for (let i = 0; i < LOG_REPORTS_PER_MINUTE; i++)
      expect((await send(report, '10.0.0.9')).statusCode).toBe(200);
    const limited = await send(report, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(json(limited).extras?.error).toBe('too_many_requests');
    expect((await send(report, '10.0.0.10')).statusCode).toBe(200);
  });

  it('the operator list needs the admin role', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysLogEx/page',
      headers: bearer(await tokenFor(app, 'demo')),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
