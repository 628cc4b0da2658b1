import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsSdkSignature } from './js-sdk.js';
import { WechatError, createWechatClient } from './wechat-client.js';

describe('jsSdkSignature', () => {
  it('matches the worked example of the JS-SDK documentation (appendix 1)', () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('ignores the #fragment of the url', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: '1' };
    expect(jsSdkSignature({ ...base, url: 'https://a.example/#/pages/index/index?x=1' })).toBe(
      jsSdkSignature({ ...base, url: 'https://a.example/' }),
    );
  });
});

type Route = (query: URLSearchParams, body: unknown) => { status?: number; body: unknown };

/** A local server answering as WeChat's documentation shows; each test installs its routes. */
const startWechat = async () => {
  const calls: { path: string; query: URLSearchParams; body: unknown; method: string }[] = [];
  let routes: Record<string, Route> = {};
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      calls.push({ path: url.pathname, query: url.searchParams, body, method: req.method! });
      const route = routes[url.pathname];
      const out = route
        ? route(url.searchParams, body)
        : { status: 404, body: { errcode: 404, errmsg: 'no route' } };
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json; encoding=utf-8' });
      res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    setRoutes: (r: Record<string, Route>) => {
      routes = r;
      calls.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('wechat client against a local server', () => {
  let wx: Awaited<ReturnType<typeof startWechat>>;
  let clock: number;
  let tokenCount: number;
  const client = () =>
    createWechatClient({
      baseUrl: wx.baseUrl,
      appId: 'wx1234567890abcdef',
      appSecret: 'app-secret',
      now: () => new Date(clock),
      nonce: () => 'Wm3WZYTPz0wzccnW',
    });

  const tokenRoute: Route = (q) => {
    if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== 'wx1234567890abcdef') {
      return { body: { errcode: 40013, errmsg: 'invalid appid' } };
    }
    if (q.get('secret') !== 'app-secret')
      return {
        body: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
      };
    tokenCount += 1;
    return { body: { access_token: `TOKEN-${tokenCount}`, expires_in: 7200 } };
  };

  beforeAll(async () => {
    wx = await startWechat();
  });
  afterAll(() => wx.close());
  beforeEach(() => {
    clock = Date.UTC(2025, 0, 1);
    tokenCount = 0;
  });

  it('fetches the access token once and serves it from the cache until shortly before expires_in', async () => {
    wx.setRoutes({ '/cgi-bin/token': tokenRoute });
    const c = client();
    expect(await c.getAccessToken()).toBe('TOKEN-1');
    expect(await c.getAccessToken()).toBe('TOKEN-1');
    expect(wx.calls).toHaveLength(1);
    clock += 6899 * 1000; // still inside 7200 s minus the 300 s margin
    expect(await c.getAccessToken()).toBe('TOKEN-1');
    expect(wx.calls).toHaveLength(1);
    clock += 2 * 1000;
    expect(await c.getAccessToken()).toBe('TOKEN-2');
    expect(wx.calls).toHaveLength(2);
  });

  it('concurrent callers share one token request', async () => {
    wx.setRoutes({ '/cgi-bin/token': tokenRoute });
    const c = client();
    const tokens = await Promise.all([c.getAccessToken(), c.getAccessToken(), c.getAccessToken()]);
    expect(tokens).toEqual(['TOKEN-1', 'TOKEN-1', 'TOKEN-1']);
    expect(wx.calls).toHaveLength(1);
  });

  it('caches the jsapi ticket and signs a JS-SDK config with it', async () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    wx.setRoutes({
      '/cgi-bin/token': tokenRoute,
      '/cgi-bin/ticket/getticket': (q) =>
        q.get('access_token') === 'TOKEN-1' && q.get('type') === 'jsapi'
          ? { body: { errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 } }
          : { body: { errcode: 40014, errmsg: 'invalid access_token' } },
    });
    clock = 1414587457 * 1000;
    const c = client();
    const config = await c.jsSdkConfig('http://mp.weixin.qq.com?params=value#/pages/index/index');
    expect(config).toEqual({
      appId: 'wx1234567890abcdef',
      timestamp: 1414587457,
      nonceStr: 'Wm3WZYTPz0wzccnW',
      signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    });
    await c.jsSdkConfig('https://example.com/');
    expect(wx.calls.map((x) => x.path)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
  });

  it('retries once with a new token when WeChat says the cached one is no longer valid (40001)', async () => {
    let rejectFirst = true;
    wx.setRoutes({
      '/cgi-bin/token': tokenRoute,
      '/wxa/generatescheme': (q, body) => {
        if (rejectFirst && q.get('access_token') === 'TOKEN-1') {
          rejectFirst = false;
          return {
            body: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
          };
        }
        expect(body).toEqual({
          jump_wxa: { path: '/pages/index/index', query: 'a=1&b=2', env_version: 'trial' },
        });
        return { body: { errcode: 0, errmsg: 'ok', openlink: 'weixin://dl/business/?t=XTSkBZlzqmn' } };
      },
    });
    const link = await client().generateScheme({
      path: '/pages/index/index',
      query: 'a=1&b=2',
      envVersion: 'trial',
    });
    expect(link).toBe('weixin://dl/business/?t=XTSkBZlzqmn');
    expect(wx.calls.map((x) => `${x.path}:${x.query.get('access_token') ?? ''}`)).toEqual([
      '/cgi-bin/token:',
      '/wxa/generatescheme:TOKEN-1',
      '/cgi-bin/token:',
      '/wxa/generatescheme:TOKEN-2',
    ]);
  });

  it('sends the expiry of a scheme when asked', async () => {
    wx.setRoutes({
      '/cgi-bin/token': tokenRoute,
      '/wxa/generatescheme': () => ({
        body: { errcode: 0, errmsg: 'ok', openlink: 'weixin://dl/business/?t=abc' },
      }),
    });
    await client().generateScheme({ path: 'pages/a', expireDays: 30 });
    expect(wx.calls[1]!.body).toEqual({
      jump_wxa: { path: 'pages/a', query: '', env_version: 'release' },
      is_expire: true,
      expire_type: 1,
      expire_interval: 30,
    });
  });

  it('exchanges an OAuth code for openid and unionid', async () => {
    wx.setRoutes({
      '/sns/oauth2/access_token': (q) =>
        q.get('code') === 'CODE' &&
        q.get('grant_type') === 'authorization_code' &&
        q.get('secret') === 'app-secret'
          ? {
              body: {
                access_token: 'OAUTH_TOKEN',
                expires_in: 7200,
                refresh_token: 'REFRESH_TOKEN',
                openid: 'OPENID',
                scope: 'snsapi_userinfo',
                is_snapshotuser: 1,
                unionid: 'UNIONID',
              },
            }
          : { body: { errcode: 40029, errmsg: 'invalid code' } },
    });
    expect(await client().oauthAccessToken('CODE')).toEqual({
      accessToken: 'OAUTH_TOKEN',
      expiresIn: 7200,
      refreshToken: 'REFRESH_TOKEN',
      openid: 'OPENID',
      scope: 'snsapi_userinfo',
      unionid: 'UNIONID',
      isSnapshotUser: 1,
    });
    const err = (await client()
      .oauthAccessToken('BAD')
      .catch((e: unknown) => e)) as WechatError;
    expect(err).toBeInstanceOf(WechatError);
    expect(err.errcode).toBe(40029);
    expect(err.api).toBe('sns/oauth2/access_token');
    expect(err.message).toBe(
      'WeChat sns/oauth2/access_token failed with errcode 40029 (invalid code: the login code is wrong or has expired): invalid code',
    );
  });

  it('exchanges a mini-program login code for a session (unionid optional)', async () => {
    wx.setRoutes({
      '/sns/jscode2session': (q) =>
        q.get('js_code') === 'JSCODE'
          ? { body: { openid: 'o-mini', session_key: 'tiihtNczf5v6AKRyjwEUhQ==' } }
          : { body: { errcode: 40163, errmsg: 'code been used, rid: 6123abcd' } },
    });
    expect(await client().code2Session('JSCODE')).toEqual({
      openid: 'o-mini',
      sessionKey: 'tiihtNczf5v6AKRyjwEUhQ==',
    });
    await expect(client().code2Session('USED')).rejects.toMatchObject({ errcode: 40163 });
  });

  it('reads the phone number of a getPhoneNumber code', async () => {
    wx.setRoutes({
      '/cgi-bin/token': tokenRoute,
      '/wxa/business/getuserphonenumber': (q, body) => {
        expect(q.get('access_token')).toBe('TOKEN-1');
        return (body as { code: string }).code === 'PHONE_CODE'
          ? {
              body: {
                errcode: 0,
                errmsg: 'ok',
                phone_info: {
                  phoneNumber: '+86 13800138000',
                  purePhoneNumber: '13800138000',
                  countryCode: 86,
                  watermark: { timestamp: 1637744274, appid: 'wx1234567890abcdef' },
                },
              },
            }
          : { body: { errcode: 40029, errmsg: 'invalid code' } };
      },
    });
    const c = client();
    expect(await c.getUserPhoneNumber('PHONE_CODE')).toEqual({
      phoneNumber: '+86 13800138000',
      purePhoneNumber: '13800138000',
      countryCode: '86',
    });
    await expect(c.getUserPhoneNumber('WRONG')).rejects.toMatchObject({ errcode: 40029 });
    // The token was fetched once for both calls.
    expect(wx.calls.filter((x) => x.path === '/cgi-bin/token')).toHaveLength(1);
  });

  it('turns rate limits, bad secrets and non-JSON answers into typed errors, and does not cache failures', async () => {
    wx.setRoutes({
      '/cgi-bin/token': () => ({
        body: { errcode: 45011, errmsg: 'api minute-quota reach limit mustslower retry next minute' },
      }),
    });
    const c = client();
    await expect(c.getAccessToken()).rejects.toThrow(/errcode 45011 \(API rate limit reached/);
    wx.setRoutes({ '/cgi-bin/token': tokenRoute });
    expect(await c.getAccessToken()).toBe('TOKEN-1');

    const wrong = createWechatClient({ baseUrl: wx.baseUrl, appId: 'wx1234567890abcdef', appSecret: 'nope' });
    await expect(wrong.getAccessToken()).rejects.toMatchObject({ errcode: 40001, name: 'WechatError' });

    wx.setRoutes({ '/cgi-bin/token': () => ({ status: 502, body: '<html>bad gateway</html>' }) });
    await expect(client().getAccessToken()).rejects.toMatchObject({ errcode: -2 });
  });

  it('reports an unreachable host as a WechatError', async () => {
    const c = createWechatClient({ baseUrl: 'http://127.0.0.1:1', appId: 'a', appSecret: 'b' });
    await expect(c.code2Session('x')).rejects.toBeInstanceOf(WechatError);
  });
});
