import { DEFAULT_WELCOME_GIFT } from '@app/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { freshPhone, get, lastCode, post, sendCode } from '../../test/auth.js';
import { tenants } from '../../platform/db/tenant.table.js';

type Pair = { accessToken: string; refreshToken: string };
type WxResult =
  { bound: true; accessToken: string; refreshToken: string } | { bound: false; bindTicket: string };

/**
 * A local server answering like WeChat's documentation: jscode2session, OAuth access_token, stable token,
 * getuserphonenumber and generatescheme, with their documented error codes.
 */
const startFakeWechat = async () => {
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  const codes: Record<string, { openid: string; unionid?: string }> = {};
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown)
        : undefined;
      calls.push({ path: url.pathname, query: url.searchParams, body });
      const send = (answer: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(answer));
      };
      const q = url.searchParams;
      switch (url.pathname) {
        case '/sns/jscode2session':
        case '/sns/oauth2/access_token': {
          const code = q.get(url.pathname === '/sns/jscode2session' ? 'js_code' : 'code') ?? '';
          if (q.get('secret') !== 'wx-secret') return send({ errcode: 40125, errmsg: 'invalid appsecret' });
          if (code === 'busy') return send({ errcode: -1, errmsg: 'system error' });
          const who = codes[code];
          if (!who) return send({ errcode: 40029, errmsg: 'invalid code, rid: 1' });
          delete codes[code];
          return url.pathname === '/sns/jscode2session'
            ? send({
                openid: who.openid,
                session_key: 'c2Vzc2lvbi1rZXk=',
                ...(who.unionid ? { unionid: who.unionid } : {}),
              })
            : send({
                access_token: 'oauth-token',
                expires_in: 7200,
                refresh_token: 'oauth-refresh',
                openid: who.openid,
                scope: 'snsapi_userinfo',
                ...(who.unionid ? { unionid: who.unionid } : {}),
              });
        }
        case '/cgi-bin/token':
          return send({ access_token: 'app-access-token', expires_in: 7200 });
        case '/wxa/business/getuserphonenumber': {
          if (q.get('access_token') !== 'app-access-token')
            return send({ errcode: 40001, errmsg: 'invalid credential' });
          const code = (body as { code?: string }).code ?? '';
          if (!code.startsWith('phone-')) return send({ errcode: 40029, errmsg: 'invalid code' });
          const phone = code.slice('phone-'.length);
          return send({
            errcode: 0,
            errmsg: 'ok',
            phone_info: {
              phoneNumber: phone,
              purePhoneNumber: phone,
              countryCode: '86',
              watermark: { timestamp: 1637744274, appid: 'wx-app' },
            },
          });
        }
        case '/wxa/generatescheme':
          if (q.get('access_token') !== 'app-access-token')
            return send({ errcode: 40001, errmsg: 'invalid credential' });
          return send({ errcode: 0, errmsg: 'ok', openlink: 'weixin://dl/business/?t=XTSkBZlzqmn' });
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Issues a login code WeChat will resolve to this identity (once). */
    code(openid: string, unionid?: string) {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes[code] = { openid, ...(unionid ? { unionid } : {}) };
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

describe('WeChat login', () => {
  const clock = fixedClock('2026-03-02T02:00:00.000Z');
  let wx: Awaited<ReturnType<typeof startFakeWechat>>;
  let app: TestApp;
  beforeAll(async () => {
    wx = await startFakeWechat();
    app = await createTestApp(
      { WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret', WECHAT_API_BASE: wx.url },
      { clock },
    );
  });
  afterAll(async () => {
    await app.close();
    await wx.close();
  });

  it('is on in loginConfig once configured', async () => {
    expect(json<{ wechat: boolean }>(await get(app, '/api/sysAuth/loginConfig')).result.wechat).toBe(true);
  });

  it('an unbound openid gets a bind ticket; binding the WeChat phone logs in; next time it logs in at once', async () => {
    const phone = freshPhone();
    const first = await post(app, '/api/sysWxOpen/login', { code: wx.code('openid-A', 'union-A') });
    expect(first.statusCode).toBe(200);
    const unbound = json<WxResult>(first).result;
    expect(unbound.bound).toBe(false);
    if (unbound.bound) return;
    const jscall = wx.calls.find((c) => c.path === '/sns/jscode2session')!;
    expect(Object.fromEntries(jscall.query)).toMatchObject({
      appid: 'wx-app',
      secret: 'wx-secret',
      grant_type: 'authorization_code',
    });

    const bound = await post(app, '/api/sysWxOpen/phoneNumberBind_WeiXin', {
      bindTicket: unbound.bindTicket,
      code: `phone-${phone}`,
    });
    expect(bound.statusCode).toBe(200);
    const pair = json<Pair>(bound).result;
    const uid = decodeJwt(pair.accessToken).uid;
    const info = json<{ phone: string; gold: number; points: number }>(
      await get(app, '/api/sysUser/baseInfo', pair.accessToken),
    ).result;
    expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    // Signing up through WeChat gives the new-user gift too (the same sign-up transaction as SMS).
    expect([info.gold, info.points]).toEqual([DEFAULT_WELCOME_GIFT.gold, DEFAULT_WELCOME_GIFT.points]);
    const phoneCall = wx.calls.find((c) => c.path === '/wxa/business/getuserphonenumber')!;
    expect(phoneCall.query.get('access_token')).toBe('app-access-token');
    expect(phoneCall.body).toEqual({ code: `phone-${phone}` });

    const again = json<WxResult>(
      await post(app, '/api/sysWxOpen/login', { code: wx.code('openid-A', 'union-A') }),
    ).result;
    expect(again.bound).toBe(true);
    if (again.bound) expect(decodeJwt(again.accessToken).uid).toBe(uid);

    // The mobile app has another openid but the same unionid: the same user.
    const app2 = json<WxResult>(
      await post(app, '/api/sysWxOpen/mobileAppLogin', { code: wx.code('openid-app-A', 'union-A') }),
    ).result;
    expect(app2.bound).toBe(true);
    if (app2.bound) expect(decodeJwt(app2.accessToken).uid).toBe(uid);
    expect(wx.calls.some((c) => c.path === '/sns/oauth2/access_token')).toBe(true);
  });

  it('binding by SMS code: the phone’s existing account gets the WeChat identity', async () => {
    const unbound = json<WxResult>(
      await post(app, '/api/sysWxOpen/login', { code: wx.code('openid-B') }),
    ).result;
    if (unbound.bound) throw new Error('expected unbound');
    const phone = '13800000000';
    await sendCode(app, phone);
    const wrong = await post(app, '/api/sysWxOpen/phoneNumberBind_Sms', {
      bindTicket: unbound.bindTicket,
      phone,
      code: '000000' === (await lastCode(app, phone)) ? '111111' : '000000',
    });
    expect(json(wrong).message).toEqual({ code: ['验证码错误'] });
    const res = await post(app, '/api/sysWxOpen/phoneNumberBind_Sms', {
      bindTicket: unbound.bindTicket,
      phone,
      code: await lastCode(app, phone),
    });
    expect(res.statusCode).toBe(200);
    const info = json<{ account: string }>(
      await get(app, '/api/sysUser/baseInfo', json<Pair>(res).result.accessToken),
    ).result;
    expect(info.account).toBe('demo');
    const next = json<WxResult>(
      await post(app, '/api/sysWxOpen/login', { code: wx.code('openid-B') }),
    ).result;
    expect(next.bound).toBe(true);
  });

  it('refuses forged and expired bind tickets', async () => {
    const unbound = json<WxResult>(
      await post(app, '/api/sysWxOpen/login', { code: wx.code('openid-C') }),
    ).result;
    if (unbound.bound) throw new Error('expected unbound');
    const [payload, mac] = unbound.bindTicket.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), o: 'openid-A' }),
    ).toString('base64url');
    for (const bindTicket of [`${forgedPayload}.${mac}`, 'garbage']) {
      const res = await post(app, '/api/sysWxOpen/phoneNumberBind_WeiXin', {
        bindTicket,
        code: `phone-${freshPhone()}`,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('bind_ticket_invalid');
    }
    // Another (existing) tenant cannot use it.
    await app.platform.db.insert(tenants).values({ id: 2, name: 'B' }).onConflictDoNothing();
    const otherTenant = await post(
      app,
      '/api/sysWxOpen/phoneNumberBind_WeiXin',
      { bindTicket: unbound.bindTicket, code: `phone-${freshPhone()}` },
      undefined,
      { tenantid: '2' },
    );
    expect(json(otherTenant).extras?.error).toBe('bind_ticket_invalid');
    clock.advance(11 * 60_000);
    const expired = await post(app, '/api/sysWxOpen/phoneNumberBind_WeiXin', {
      bindTicket: unbound.bindTicket,
      code: `phone-${freshPhone()}`,
    });
    expect(json(expired).extras?.error).toBe('bind_ticket_invalid');
  });

  it('maps WeChat error codes: a bad code is the caller’s (400), a WeChat failure a 502 with errcode', async () => {
    const bad = await post(app, '/api/sysWxOpen/login', { code: 'never-issued' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).extras?.error).toBe('wechat_code_invalid');
    const busy = await post(app, '/api/sysWxOpen/login', { code: 'busy' });
    expect(busy.statusCode).toBe(502);
    expect(json(busy).extras).toMatchObject({ error: 'wechat_error', errcode: -1 });
    expect(json(busy).message).toBe('微信服务调用失败，请稍后再试');
  });

  it('generateScheme answers result.openlink and sends jump_wxa as documented', async () => {
    const res = await post(app, '/api/sysWxOpen/generateScheme', {
      path: 'pages/index/index',
      query: 'from=h5',
      env_version: 'trial',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).result).toEqual({ openlink: 'weixin://dl/business/?t=XTSkBZlzqmn' });
    const call = wx.calls.filter((c) => c.path === '/wxa/generatescheme').at(-1)!;
    expect(call.body).toEqual({
      jump_wxa: { path: 'pages/index/index', query: 'from=h5', env_version: 'trial' },
    });
    const bad = await post(app, '/api/sysWxOpen/generateScheme', { env_version: 'beta' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('WeChat not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers 503 wechat_not_configured', async () => {
    for (const url of ['/api/sysWxOpen/login', '/api/sysWxOpen/mobileAppLogin']) {
      const res = await post(app, url, { code: 'x' });
      expect(res.statusCode).toBe(503);
      expect(json(res).extras?.error).toBe('wechat_not_configured');
    }
    expect((await post(app, '/api/sysWxOpen/generateScheme', {})).statusCode).toBe(503);
  });
});
