import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { HumanChallenge, ImMessagePageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import { freshPhone, lastCode } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { api } from '../../test/commerce.js';
import { tokenFor } from '../../test/tokens.js';

const clock = fixedClock('2026-06-01T02:00:00Z');
let deviceSeq = 0;
const freshDevice = () => `device-${process.pid}-${++deviceSeq}-abcdef`;

describe('against farmed accounts: the human check after a few SMS codes, the welcome gift per device and address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ TRUST_PROXY: true }, { clock });
    const admin = await tokenFor(app, 'admin');
    const set = await api(app, 'POST', '/api/console/app-config', admin, {
      values: { signUpGuard: { smsBeforeCheck: 3, giftsPerIpDaily: 2 } },
    });
    expect(set.status).toBe(200);
  });
  afterAll(() => app.close());

  const send = (phone: string, from: { ip: string; device?: string }, humanCheck?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sysSms/SendCaptcha',
      headers: { 'x-forwarded-for': from.ip, ...(from.device ? { 'x-device-id': from.device } : {}) },
      payload: humanCheck ? { phone, humanCheck } : { phone },
    });
  const login = async (phone: string, from: { ip: string; device?: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/sysAuth/phoneLogin',
      headers: { 'x-forwarded-for': from.ip, ...(from.device ? { 'x-device-id': from.device } : {}) },
      payload: { phone, code: await lastCode(app, phone) },
    });
  const solved = async () => {
    const challenge = json<HumanChallenge>(await app.inject({ method: 'GET', url: '/api/sysSms/humanCheck' })).result;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('after 3 codes from one address in an hour the 4th needs a solved check, used once', async () => {
    const from = { ip: '198.51.100.1' };
    for (let i = 0; i < 3; i++) expect((await send(freshPhone(), from)).statusCode).toBe(200);
    const asked = await send(freshPhone(), from);
    expect(asked.statusCode).toBe(400);
    expect(json(asked).extras?.error).toBe('human_check_required');
    const check = await solved();
    expect((await send(freshPhone(), from, check)).statusCode).toBe(200);
    const replay = await send(freshPhone(), from, check);
    expect(json(replay).extras?.error).toBe('human_check_failed');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(check, 'base64').toString()), solution: { counter: 1, derivedKey: '00' } })).toString('base64');
    expect(json(await send(freshPhone(), from, forged)).extras?.error).toBe('human_check_failed');
    expect(json(await send(freshPhone(), from, 'not base64 json')).extras?.error).toBe('human_check_failed');
    // An hour later the address starts again.
    clock.advance(61 * 60_000);
    try {
      expect((await send(freshPhone(), from)).statusCode).toBe(200);
    } finally {
      clock.set('2026-06-01T02:00:00Z');
    }
  });

  it('one device changing addresses is asked too; an expired challenge fails', async () => {
    const device = freshDevice();
    for (let i = 0; i < 3; i++)
      expect((await send(freshPhone(), { ip: `198.51.100.${20 + i}`, device })).statusCode).toBe(200);
    const asked = await send(freshPhone(), { ip: '198.51.100.30', device });
    expect(json(asked).extras?.error).toBe('human_check_required');
    const check = await solved();
    clock.advance(11 * 60_000);
    try {
      expect(json(await send(freshPhone(), { ip: '198.51.100.30', device }, check)).extras?.error).toBe(
        'human_check_failed',
      );
    } finally {
      clock.set('2026-06-01T02:00:00Z');
    }
  });

  const goldRows = async (uid: number) =>
    (await app.platform.db.select().from(ledger).where(eq(ledger.userId, uid))).filter((r) => r.reason === 'welcome_gift');
  const signUp = async (from: { ip: string; device?: string }) => {
    const phone = freshPhone();
    expect((await send(phone, from)).statusCode).toBe(200);
    const res = await login(phone, from);
    expect(res.statusCode).toBe(200);
    const body = json<{ accessToken: string; welcomeGiftWithheld?: string }>(res).result;
    const me = await api<{ id: number }>(app, 'GET', '/api/sysAuth/userInfo', body.accessToken);
    return { ...body, uid: me.result.id };
  };
  const noticesOf = async (token: string, language: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { page: 1, pageSize: 20 },
    });
    return json<ImMessagePageResult>(res).result.items;
  };

  it('the welcome gift goes once per device; the second account from it is told why', async () => {
    const device = freshDevice();
    const first = await signUp({ ip: '203.0.113.1', device });
    expect(first.welcomeGiftWithheld).toBeUndefined();
    expect(await goldRows(first.uid)).not.toHaveLength(0);
    const second = await signUp({ ip: '203.0.113.2', device });
    expect(second.welcomeGiftWithheld).toBe('device');
    expect(await goldRows(second.uid)).toEqual([]);
    const [notice] = await noticesOf(second.accessToken, 'zh-CN');
    expect(JSON.stringify(notice)).toContain('这台设备已经领取过新人礼包');
    expect(JSON.stringify((await noticesOf(second.accessToken, 'en'))[0])).toContain('This device has already received');
  });

  it('at most giftsPerIpDaily gifts per address a day, whatever the devices; the next day it starts again', async () => {
    const ip = '203.0.113.50';
    const a = await signUp({ ip, device: freshDevice() });
    const b = await signUp({ ip });
    const c = await signUp({ ip, device: freshDevice() });
    expect([a.welcomeGiftWithheld, b.welcomeGiftWithheld, c.welcomeGiftWithheld]).toEqual([undefined, undefined, 'ip']);
    expect(await goldRows(c.uid)).toEqual([]);
    expect(JSON.stringify((await noticesOf(c.accessToken, 'zh-CN'))[0])).toContain('今天已领取 2 份新人礼包');
    clock.advance(86_400_000);
    try {
      const d = await signUp({ ip, device: freshDevice() });
      expect(d.welcomeGiftWithheld).toBeUndefined();
    } finally {
      clock.set('2026-06-01T02:00:00Z');
    }
  });
});
