import { createCipheriv, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { PayMethod, type Order } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { alipayRsa2Sign, alipaySignContent } from '../../../platform/pay/alipay.js';
import { rsaSha256Sign, rsaSha256Verify, wechatPayMessage } from '../../../platform/pay/wechat-pay.js';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { ledger } from '../../../platform/wallet/wallet.table.js';
import { payOrders } from '../commerce.table.js';
import { api, newUser, packageId, userRow } from '../../../test/commerce.js';

const DAY = 86_400_000;
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const wechatPlatform = rsa();
const attacker = rsa();
const alipayApp = rsa();
const alipayItself = rsa();
const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const MCH_ID = '1900000109';
const APP_ID = 'wx8888888888888888';
const PUB_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001';
const API_V3_KEY = 'K'.repeat(16) + 'v'.repeat(16);
const ALIPAY_APP_ID = '2021000000000001';
const START = '2026-03-02T02:00:00.000Z';

/** A local server answering as WeChat Pay API v3 does: checks our signature, signs its answers. */
const startWechatPay = async () => {
  const requests: { path: string; body: Record<string, unknown>; signatureOk: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '');
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      const signatureOk =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        f.mchid === MCH_ID &&
        rsaSha256Verify(
          wechatPayMessage(req.method!, req.url!, f.timestamp!, f.nonce_str!, raw),
          f.signature!,
          merchant.publicKey,
        );
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url!, body, signatureOk });
      const answer = !signatureOk
        ? { status: 401, json: { code: 'SIGN_ERROR', message: '签名错误' } }
        : req.url!.endsWith('/native')
          ? { status: 200, json: { code_url: 'weixin://wxpay/bizpayurl?pr=abc123' } }
          : req.url!.endsWith('/h5')
            ? {
                status: 200,
                json: { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1' },
              }
            : { status: 200, json: { prepay_id: 'wx201410272009395522657a690389285100' } };
      const text = JSON.stringify(answer.json);
      const ts = String(Math.floor(new Date(START).getTime() / 1000));
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': 'answer-nonce',
        'wechatpay-serial': PUB_KEY_ID,
        'wechatpay-signature': rsaSha256Sign(
          wechatPayMessage(ts, 'answer-nonce', text),
          wechatPlatform.privateKey,
        ),
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, requests, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

/** A transaction notification as WeChat Pay sends it: AES-256-GCM resource, signed headers. */
const wechatNotification = (
  resource: Record<string, unknown>,
  now: Date,
  key: KeyObject = wechatPlatform.privateKey,
) => {
  const nonce = 'resNonce1234';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const data = Buffer.concat([
    cipher.update(JSON.stringify(resource), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: `EV-${Math.random().toString(36).slice(2)}`,
    create_time: now.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const ts = String(Math.floor(now.getTime() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': 'notify-nonce',
      'wechatpay-serial': PUB_KEY_ID,
      'wechatpay-signature': rsaSha256Sign(wechatPayMessage(ts, 'notify-nonce', body), key),
    },
  };
};

const paidResource = (order: Order, total = order.amountFen) => ({
  mchid: MCH_ID,
  appid: APP_ID,
  out_trade_no: order.orderNo,
  transaction_id: `4200001234${order.id}`,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  success_time: '2026-03-02T10:05:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
});

describe('WeChat Pay and Alipay: prepay and notifications', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let wx: Awaited<ReturnType<typeof startWechatPay>>;
  let month: number;
  const pushes: unknown[][] = [];
  beforeAll(async () => {
    wx = await startWechatPay();
    app = await createTestApp(
      {
        PUBLIC_BASE_URL: 'https://app.example.com',
        WECHAT_PAY_MCH_ID: MCH_ID,
        WECHAT_PAY_APP_ID: APP_ID,
        WECHAT_PAY_SERIAL_NO: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
        WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
        WECHAT_PAY_API_V3_KEY: API_V3_KEY,
        WECHAT_PAY_PUBLIC_KEY_ID: PUB_KEY_ID,
        WECHAT_PAY_PUBLIC_KEY: pem(wechatPlatform.publicKey, 'spki'),
        WECHAT_PAY_BASE_URL: wx.url,
        ALIPAY_APP_ID,
        ALIPAY_PRIVATE_KEY: pem(alipayApp.privateKey, 'pkcs8'),
        ALIPAY_PUBLIC_KEY: pem(alipayItself.publicKey, 'spki'),
      },
      { clock },
    );
    app.platform.hub.sendToUser = vi.fn(async (...args: unknown[]) => {
      pushes.push(args);
    }) as typeof app.platform.hub.sendToUser;
    month = await packageId(app, 'vip_month');
  });
  afterAll(async () => {
    await app.close();
    wx.server.close();
  });

  const buy = (token: string, body: Record<string, unknown>) =>
    api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', token, body);
  const notify = (n: { body: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/sysPay/notify/wechat', headers: n.headers, payload: n.body });

  it('Native prepay is signed, carries the server price and expiry, and answers the code URL', async () => {
    const u = await newUser(app);
    const order = await buy(u.token, { packageId: month, payMethod: PayMethod.WxScan });
    expect(order.status).toBe(200);
    expect(order.result).toMatchObject({
      state: 'pending',
      amountFen: 2500,
      payParams: { kind: 'native', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' },
    });
    const sent = wx.requests.at(-1)!;
    expect(sent.path).toBe('/v3/pay/transactions/native');
    expect(sent.signatureOk).toBe(true);
    expect(sent.body).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: order.result.orderNo,
      notify_url: 'https://app.example.com/api/sysPay/notify/wechat',
      amount: { total: 2500, currency: 'CNY' },
      time_expire: '2026-03-02T10:30:00+08:00',
    });
  });

  it('JSAPI needs an openid and answers paySign signed by the merchant key', async () => {
    const u = await newUser(app);
    const missing = await buy(u.token, { packageId: month, payMethod: PayMethod.WxOfficialAccount });
    expect([missing.status, missing.error]).toEqual([400, 'openid_required']);
    const order = await buy(u.token, {
      packageId: month,
      payMethod: PayMethod.WxOfficialAccount,
      openid: 'oOpenId1',
    });
    const params = (order.result.payParams as { kind: 'jsapi'; params: Record<string, string> }).params;
    expect(params.package).toBe('prepay_id=wx201410272009395522657a690389285100');
    expect(
      rsaSha256Verify(
        wechatPayMessage(APP_ID, params.timeStamp!, params.nonceStr!, params.package!),
        params.paySign!,
        merchant.publicKey,
      ),
    ).toBe(true);
    const h5 = await buy(u.token, { packageId: month, payMethod: PayMethod.WxH5 });
    expect(h5.result.payParams).toMatchObject({ kind: 'h5' });
    const appPay = await buy(u.token, { packageId: month, payMethod: PayMethod.AppWx });
    expect(appPay.result.payParams).toMatchObject({ kind: 'app', params: { partnerid: MCH_ID } });
  });

  it('a notification delivered twice concurrently credits once, pushes order_paid, answers 204', async () => {
    const u = await newUser(app);
    const order = (await buy(u.token, { packageId: month, payMethod: PayMethod.WxScan })).result;
    const n = wechatNotification(paidResource(order), clock.now());
    const answers = await Promise.all([notify(n), notify(n), notify(n)]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    const user = await userRow(app, u.uid);
    expect(user.vipExpireAt?.toISOString()).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    const [row] = await app.platform.db.select().from(payOrders).where(eq(payOrders.id, order.id));
    expect(row).toMatchObject({ state: 'paid', tradeNo: `4200001234${order.id}` });
    expect(pushes.filter((p) => p[0] === u.uid)).toEqual([
      [u.uid, 'order_paid', { orderId: order.id, orderNo: order.orderNo, state: 'paid' }],
    ]);
    // Later redelivery: still once.
    expect((await notify(wechatNotification(paidResource(order), clock.now()))).statusCode).toBe(204);
    expect((await userRow(app, u.uid)).vipExpireAt).toEqual(user.vipExpireAt);
    const detail = await api<Order>(app, 'GET', `/api/sysOrder/detail?id=${order.id}`, u.token);
    expect(detail.result.state).toBe('paid');
  });

  it('refuses a forged signature, a tampered body, a wrong amount and a stale timestamp', async () => {
    const u = await newUser(app);
    const order = (await buy(u.token, { packageId: month, payMethod: PayMethod.WxScan })).result;
    const forged = await notify(wechatNotification(paidResource(order), clock.now(), attacker.privateKey));
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const good = wechatNotification(paidResource(order), clock.now());
    const tampered = await notify({ ...good, body: good.body.replace('支付成功', '支付成功!') });
    expect(tampered.statusCode).toBe(401);
    const stale = await notify(
      wechatNotification(paidResource(order), new Date(clock.now().getTime() - 600_000)),
    );
    expect(stale.statusCode).toBe(401);
    const cheap = await notify(wechatNotification(paidResource(order, 1), clock.now()));
    expect(cheap.statusCode).toBe(400);
    const [row] = await app.platform.db.select().from(payOrders).where(eq(payOrders.id, order.id));
    expect(row!.state).toBe('pending');
    expect((await userRow(app, u.uid)).vipExpireAt).toBeNull();
  });

  it('returnUrl: only https to our public host; file:, gopher:, data: and other hosts are a 400 storing nothing', async () => {
    const u = await newUser(app);
    const gold = await packageId(app, 'gold_1000');
    const hostile = [
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_FLUSHALL',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example.net/#/pages/index/vip/index',
      'http://app.example.com/#/pages/index/vip/index',
      'https://app.example.com@evil.example.net/',
    ];
    for (const returnUrl of hostile) {
      const res = await buy(u.token, { packageId: gold, payMethod: PayMethod.AlipayH5, returnUrl });
      expect(res.status, returnUrl).toBe(400);
      expect(res.error, returnUrl).toBe('return_url_not_allowed');
    }
    const stored = await app.platform.db.select().from(payOrders).where(eq(payOrders.userId, u.uid));
    expect(stored).toEqual([]);
    const ok = await buy(u.token, {
      packageId: gold,
      payMethod: PayMethod.AlipayH5,
      returnUrl: 'https://app.example.com/#/pages/index/vip/index',
    });
    expect(ok.status).toBe(200);
    const url = new URL((ok.result.payParams as { url: string }).url);
    expect(url.searchParams.get('return_url')).toBe('https://app.example.com/#/pages/index/vip/index');
  });

  it('Alipay H5: signed cashier URL; a signed notification credits once, a forged one is refused', async () => {
    const u = await newUser(app);
    const gold = await packageId(app, 'gold_1000');
    const order = (
      await buy(u.token, {
        packageId: gold,
        payMethod: PayMethod.AlipayH5,
        returnUrl: 'https://app.example.com/#/pages/index/vip/index',
      })
    ).result;
    const url = new URL((order.payParams as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: order.orderNo,
      total_amount: '10.00',
      product_code: 'QUICK_WAP_WAY',
    });
    const params: Record<string, string> = {
      notify_time: '2026-03-02 10:06:00',
      notify_type: 'trade_status_sync',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2026030222001411111111111111',
      out_trade_no: order.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '10.00',
      gmt_payment: '2026-03-02 10:05:59',
    };
    const form = (p: Record<string, string>) => new URLSearchParams(p).toString();
    const send = (p: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/sysPay/notify/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: form(p),
      });
    const forged = {
      ...params,
      sign: alipayRsa2Sign(alipaySignContent(params, { forNotification: true }), attacker.privateKey),
    };
    expect((await send(forged)).body).toBe('fail');
    expect((await userRow(app, u.uid)).gold).toBe(0);
    const signed = {
      ...params,
      sign: alipayRsa2Sign(alipaySignContent(params, { forNotification: true }), alipayItself.privateKey),
    };
    const answers = await Promise.all([send(signed), send(signed)]);
    expect(answers.map((a) => a.body)).toEqual(['success', 'success']);
    expect((await userRow(app, u.uid)).gold).toBe(12000);
    const rows = await app.platform.db.select().from(ledger).where(eq(ledger.userId, u.uid));
    expect(rows.map((r) => [r.amount, r.reason])).toEqual([[12000, 'package_purchase']]);
  });
});
