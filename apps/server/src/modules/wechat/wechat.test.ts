import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';

const TICKET = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';

/** A local server answering like api.weixin.qq.com (token and jsapi ticket), counting calls. */
const startWechat = async () => {
  const calls = { token: 0, ticket: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/cgi-bin/token') {
      calls.token += 1;
      const ok =
        url.searchParams.get('appid') === 'wx-oa-test' && url.searchParams.get('secret') === 'oa-secret';
      res.end(
        JSON.stringify(
          ok
            ? { access_token: `AT${calls.token}`, expires_in: 7200 }
            : { errcode: 40125, errmsg: 'invalid appsecret' },
        ),
      );
      return;
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      calls.ticket += 1;
      const ok =
        url.searchParams.get('access_token')?.startsWith('AT') && url.searchParams.get('type') === 'jsapi';
      res.end(
        JSON.stringify(
          ok
            ? { errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 }
            : { errcode: 40014, errmsg: 'invalid access_token' },
        ),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, calls, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('WeChat JS-SDK config', () => {
  let wechat: Awaited<ReturnType<typeof startWechat>>;
  let app: TestApp;
  const clock = fixedClock('2026-03-01T08:00:00Z');
  beforeAll(async () => {
    wechat = await startWechat();
    app = await createTestApp(
      { WECHAT_OA_APP_ID: 'wx-oa-test', WECHAT_OA_APP_SECRET: 'oa-secret', WECHAT_API_BASE: wechat.base },
      { clock },
    );
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => wechat.server.close(resolve));
  });

  const gen = (url: string, target = app) =>
    target.inject({ method: 'POST', url: '/api/sysWechat/genConfigPara', payload: { url } });

  it('answers appId, timestamp, nonceStr and the sha1 signature over ticket, nonce, timestamp and url', async () => {
    const page = 'https://h5.example.com/?from=share#/pages/index/index';
    const res = await gen(page);
    expect(res.statusCode).toBe(200);
    const config = json<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      res,
    ).result;
    expect(config.appId).toBe('wx-oa-test');
    expect(config.timestamp).toBe(Date.parse('2026-03-01T08:00:00Z') / 1000);
    expect(config.nonceStr).toMatch(/^[0-9a-f]{16,}$/);
    // The fragment is not signed.
    expect(config.signature).toBe(
      sha1(
        `jsapi_ticket=${TICKET}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=https://h5.example.com/?from=share`,
      ),
    );
  });

  it('caches the access token and the ticket until they expire', async () => {
    await gen('https://h5.example.com/a');
    await gen('https://h5.example.com/b');
    expect(wechat.calls).toEqual({ token: 1, ticket: 1 });
    clock.advance(7200 * 1000);
    await gen('https://h5.example.com/c');
    expect(wechat.calls).toEqual({ token: 2, ticket: 2 });
  });

  it('refuses a URL that is not http(s)', async () => {
    expect((await gen('javascript:alert(1)')).statusCode).toBe(400);
  });

  it('503 with a clear error id when not configured; 502 when WeChat refuses the credentials', async () => {
    const bare = await createTestApp({ WECHAT_API_BASE: wechat.base });
    const res = await gen('https://h5.example.com/', bare);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({
      extras: { error: 'wechat_not_configured' },
      message: '暂未开通微信分享功能',
    });
    await bare.close();

    const wrong = await createTestApp({
      WECHAT_OA_APP_ID: 'wx-oa-test',
      WECHAT_OA_APP_SECRET: 'wrong',
      WECHAT_API_BASE: wechat.base,
    });
    const refused = await gen('https://h5.example.com/', wrong);
    expect(refused.statusCode).toBe(502);
    expect(json(refused).extras?.error).toBe('wechat_unavailable');
    await wrong.close();
  });
});
