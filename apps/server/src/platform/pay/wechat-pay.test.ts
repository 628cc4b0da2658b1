import { createCipheriv, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WechatPayError,
  appPayParams,
  createWechatPay,
  decryptWechatPayResource,
  jsapiPayParams,
  rsaSha256Sign,
  rsaSha256Verify,
  verifyWechatPaySignature,
  wechatPayAuthorization,
  wechatPayMessage,
} from './wechat-pay.js';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const attacker = rsa();
const PLATFORM_SERIAL = 'PUB_KEY_ID_0112345678902025010100000000000001';
const MERCHANT_SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const NOW = new Date('2025-05-01T08:00:00Z');
const ts = () => Math.floor(NOW.getTime() / 1000);

/** Encrypts like WeChat Pay does: AES-256-GCM, base64(ciphertext ‖ 16-byte tag). */
const encrypt = (plain: string, key = API_V3_KEY, nonce = 'fdasflkja484', ad = 'transaction') => {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(ad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: ad,
    original_type: 'transaction',
  };
};

const signedHeaders = (
  body: string,
  key: KeyObject = platform.privateKey,
  timestamp = ts(),
  nonce = 'n0nce',
) => ({
  'Wechatpay-Timestamp': String(timestamp),
  'Wechatpay-Nonce': nonce,
  'Wechatpay-Signature': rsaSha256Sign(wechatPayMessage(String(timestamp), nonce, body), key),
  'Wechatpay-Serial': PLATFORM_SERIAL,
});

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…`. */
const parseAuthorization = (value: string) => {
  expect(value.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  return Object.fromEntries([...value.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
};

describe('request signing', () => {
  it('builds the Authorization header over METHOD\\nURL\\nTIMESTAMP\\nNONCE\\nBODY\\n', () => {
    const body = '{"appid":"wxd678efh567hg6787"}';
    const header = wechatPayAuthorization({
      mchId: '1230000109',
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey,
      method: 'post',
      url: '/v3/pay/transactions/jsapi',
      body,
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const fields = parseAuthorization(header);
    expect(fields).toMatchObject({
      mchid: '1230000109',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
      timestamp: '1554208460',
      serial_no: MERCHANT_SERIAL,
    });
    const message = `POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n${body}\n`;
    expect(rsaSha256Verify(message, fields.signature!, merchant.publicKey)).toBe(true);
    // A GET has an empty body line, still ended by \n.
    expect(wechatPayMessage('GET', '/v3/certificates', '1554208460', 'N', '')).toBe(
      'GET\n/v3/certificates\n1554208460\nN\n\n',
    );
  });
});

describe('notification verification', () => {
  const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
  const verify = (headers: Record<string, string>, b = body, now = NOW) =>
    verifyWechatPaySignature({
      headers,
      body: b,
      publicKeys: { [PLATFORM_SERIAL]: platform.publicKey },
      now,
    });
  const code = (fn: () => void) => {
    try {
      fn();
      return 'ok';
    } catch (err) {
      return (err as WechatPayError).code;
    }
  };

  it('accepts a message signed with the platform key, header names in any case', () => {
    expect(code(() => verify(signedHeaders(body)))).toBe('ok');
    const lower = Object.fromEntries(
      Object.entries(signedHeaders(body)).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(code(() => verify(lower))).toBe('ok');
  });

  it('refuses a tampered body, a forged signature, an unknown serial and the SIGNTEST probe', () => {
    expect(code(() => verify(signedHeaders(body), body.replace('SUCCESS', 'REFUND')))).toBe(
      'invalid_signature',
    );
    expect(code(() => verify(signedHeaders(body, attacker.privateKey)))).toBe('invalid_signature');
    expect(code(() => verify({ ...signedHeaders(body), 'Wechatpay-Serial': 'OTHER' }))).toBe(
      'unknown_serial',
    );
    expect(
      code(() => verify({ ...signedHeaders(body), 'Wechatpay-Signature': 'WECHATPAY/SIGNTEST/abcdef' })),
    ).toBe('invalid_signature');
    const { 'Wechatpay-Nonce': _n, ...missing } = signedHeaders(body);
    expect(code(() => verify(missing))).toBe('missing_signature');
  });

  it('refuses timestamps more than 5 minutes away (replays)', () => {
    expect(code(() => verify(signedHeaders(body, platform.privateKey, ts() - 299)))).toBe('ok');
    expect(code(() => verify(signedHeaders(body, platform.privateKey, ts() - 301)))).toBe('stale_timestamp');
    expect(code(() => verify(signedHeaders(body, platform.privateKey, ts() + 301)))).toBe('stale_timestamp');
  });
});

describe('resource decryption', () => {
  it('decrypts AES-256-GCM with the APIv3 key and refuses tampering', () => {
    const plain = '{"out_trade_no":"1217752501201407033233368018","trade_state":"SUCCESS"}';
    const resource = encrypt(plain);
    expect(decryptWechatPayResource(resource, API_V3_KEY)).toBe(plain);

    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1; // flip a bit of the tag
    expect(() =>
      decryptWechatPayResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY),
    ).toThrow(/could not be decrypted/);
    const body = Buffer.from(resource.ciphertext, 'base64');
    body[0]! ^= 1; // flip a bit of the ciphertext
    expect(() =>
      decryptWechatPayResource({ ...resource, ciphertext: body.toString('base64') }, API_V3_KEY),
    ).toThrow(WechatPayError);
    expect(() => decryptWechatPayResource({ ...resource, associated_data: 'refund' }, API_V3_KEY)).toThrow(
      WechatPayError,
    );
    expect(() => decryptWechatPayResource(resource, 'x'.repeat(32))).toThrow(WechatPayError);
    expect(() => decryptWechatPayResource(resource, 'short')).toThrow(/32 bytes/);
  });
});

describe('client-side pay parameters', () => {
  it('JSAPI paySign covers appId, timeStamp, nonceStr and package', () => {
    const p = jsapiPayParams({
      appId: 'wx8888888888888888',
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: merchant.privateKey,
      timestamp: 1414561699,
      nonce: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    });
    expect(p).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message =
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(rsaSha256Verify(message, p.paySign, merchant.publicKey)).toBe(true);
  });

  it('App sign covers appid, timestamp, noncestr and prepayid', () => {
    const p = appPayParams({
      appId: 'wx8888888888888888',
      mchId: '1900000109',
      prepayId: 'WX1217752501201407033233368018',
      privateKey: merchant.privateKey,
      timestamp: 1412000000,
      nonce: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    });
    expect(p).toMatchObject({
      partnerid: '1900000109',
      package: 'Sign=WXPay',
      prepayid: 'WX1217752501201407033233368018',
    });
    const message =
      'wx8888888888888888\n1412000000\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nWX1217752501201407033233368018\n';
    expect(rsaSha256Verify(message, p.sign, merchant.publicKey)).toBe(true);
  });
});

/** A local server speaking the v3 protocol: checks the merchant signature, answers signed with the platform key. */
describe('prepay client against a local WeChat Pay server', () => {
  let url: string;
  let close: () => Promise<void>;
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  let signAnswersWith: KeyObject = platform.privateKey;

  beforeAll(async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const reply = (status: number, payload: unknown) => {
          const text = JSON.stringify(payload);
          const t = Math.floor(NOW.getTime() / 1000);
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': '08F78BB5AF0610D302100118AAA1E70D2006',
            'wechatpay-timestamp': String(t),
            'wechatpay-nonce': 'srvnonce',
            'wechatpay-serial': PLATFORM_SERIAL,
            'wechatpay-signature': rsaSha256Sign(
              wechatPayMessage(String(t), 'srvnonce', text),
              signAnswersWith,
            ),
          });
          res.end(text);
        };
        let auth: Record<string, string>;
        try {
          auth = parseAuthorization(String(req.headers.authorization ?? ''));
        } catch {
          return reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
        }
        const message = wechatPayMessage(req.method!, req.url!, auth.timestamp!, auth.nonce_str!, raw);
        if (
          auth.mchid !== '1230000109' ||
          auth.serial_no !== MERCHANT_SERIAL ||
          !rsaSha256Verify(message, auth.signature!, merchant.publicKey)
        ) {
          return reply(401, { code: 'SIGN_ERROR', message: '签名错误，请检查后再试' });
        }
        const body = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ path: req.url!, body });
        if (body.out_trade_no === 'PAID-ALREADY')
          return reply(400, { code: 'ORDERPAID', message: '该订单已支付' });
        if (req.url === '/v3/pay/transactions/native')
          return reply(200, { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
        if (req.url === '/v3/pay/transactions/h5')
          return reply(200, {
            h5_url:
              'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2916263004719461949c84457c735b0000&package=2150917749',
          });
        return reply(200, { prepay_id: 'wx26112221580621e9b071c00d9e093b0000' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const pay = (overrides: Partial<Parameters<typeof createWechatPay>[0]> = {}) =>
    createWechatPay({
      baseUrl: url,
      mchId: '1230000109',
      appId: 'wxd678efh567hg6787',
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key: API_V3_KEY,
      platformKeys: {
        [PLATFORM_SERIAL]: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
      notifyUrl: 'https://example.com/api/sysPay/notify/wechat',
      now: () => NOW,
      nonce: () => 'FIXEDNONCE',
      ...overrides,
    });

  it('JSAPI: signed request, prepay_id back, pay params signed by the merchant', async () => {
    const { prepayId, payParams } = await pay().jsapiPrepay({
      outTradeNo: '1217752501201407033233368018',
      description: 'VIP月卡',
      totalFen: 1990,
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      expiresAt: new Date('2025-05-01T08:30:00Z'),
    });
    expect(prepayId).toBe('wx26112221580621e9b071c00d9e093b0000');
    expect(seen.at(-1)).toEqual({
      path: '/v3/pay/transactions/jsapi',
      body: {
        appid: 'wxd678efh567hg6787',
        mchid: '1230000109',
        description: 'VIP月卡',
        out_trade_no: '1217752501201407033233368018',
        notify_url: 'https://example.com/api/sysPay/notify/wechat',
        amount: { total: 1990, currency: 'CNY' },
        time_expire: '2025-05-01T16:30:00+08:00',
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      },
    });
    const message = wechatPayMessage(
      'wxd678efh567hg6787',
      String(ts()),
      'FIXEDNONCE',
      `prepay_id=${prepayId}`,
    );
    expect(rsaSha256Verify(message, payParams.paySign, merchant.publicKey)).toBe(true);
  });

  it('Native, H5 and App prepay', async () => {
    expect(await pay().nativePrepay({ outTradeNo: 'N1', description: '金币包', totalFen: 600 })).toEqual({
      codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    });
    const h5 = await pay().h5Prepay({
      outTradeNo: 'H1',
      description: '金币包',
      totalFen: 600,
      clientIp: '203.0.113.7',
    });
    expect(h5.h5Url).toContain('https://wx.tenpay.com/');
    expect(seen.at(-1)!.body.scene_info).toEqual({
      payer_client_ip: '203.0.113.7',
      h5_info: { type: 'Wap' },
    });
    const app = await pay().appPrepay({
      outTradeNo: 'A1',
      description: '金币包',
      totalFen: 600,
      appId: 'wxapp0000000001',
    });
    expect(seen.at(-1)!.body.appid).toBe('wxapp0000000001');
    expect(app.payParams).toMatchObject({
      appid: 'wxapp0000000001',
      partnerid: '1230000109',
      prepayid: app.prepayId,
      package: 'Sign=WXPay',
    });
  });

  it('an error answer {code, message} becomes a WechatPayError', async () => {
    const err = (await pay()
      .nativePrepay({ outTradeNo: 'PAID-ALREADY', description: 'x', totalFen: 1 })
      .catch((e: unknown) => e)) as WechatPayError;
    expect(err).toBeInstanceOf(WechatPayError);
    expect(err.code).toBe('ORDERPAID');
    expect(err.status).toBe(400);
    expect(err.message).toBe('WeChat Pay /v3/pay/transactions/native failed (ORDERPAID): 该订单已支付');
  });

  it('a request signed with the wrong merchant key is refused by the server (SIGN_ERROR)', async () => {
    await expect(
      pay({ privateKey: attacker.privateKey }).nativePrepay({
        outTradeNo: 'X',
        description: 'x',
        totalFen: 1,
      }),
    ).rejects.toMatchObject({ code: 'SIGN_ERROR', status: 401 });
  });

  it('an answer not signed by the platform key is refused by the client', async () => {
    signAnswersWith = attacker.privateKey;
    try {
      await expect(
        pay().jsapiPrepay({ outTradeNo: 'F1', description: 'x', totalFen: 1, openid: 'o' }),
      ).rejects.toMatchObject({ code: 'invalid_signature' });
    } finally {
      signAnswersWith = platform.privateKey;
    }
  });

  it('refuses amounts that are not positive integers of fen before calling', async () => {
    await expect(
      pay().nativePrepay({ outTradeNo: 'Z', description: 'x', totalFen: 9.9 }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
    await expect(
      pay().nativePrepay({ outTradeNo: 'Z', description: 'x', totalFen: 0 }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
  });

  it('parses a signed, encrypted payment notification and refuses a forged one', () => {
    const transaction = {
      mchid: '1230000109',
      appid: 'wxd678efh567hg6787',
      out_trade_no: '1217752501201407033233368018',
      transaction_id: '1217752501201407033233368018',
      trade_type: 'JSAPI',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: '2025-05-01T16:00:00+08:00',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: 1990, payer_total: 1990, currency: 'CNY', payer_currency: 'CNY' },
    };
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2025-05-01T16:00:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encrypt(JSON.stringify(transaction), API_V3_KEY, randomBytes(6).toString('hex')),
    });
    const parsed = pay().parseNotification({ headers: signedHeaders(body), body });
    expect(parsed.event.event_type).toBe('TRANSACTION.SUCCESS');
    expect(parsed.resource).toEqual(transaction);

    expect(() =>
      pay().parseNotification({ headers: signedHeaders(body, attacker.privateKey), body }),
    ).toThrow(WechatPayError);
    const other = JSON.stringify({
      ...JSON.parse(body),
      resource: encrypt(JSON.stringify({ ...transaction, mchid: '999' })),
    });
    expect(() => pay().parseNotification({ headers: signedHeaders(other), body: other })).toThrow(
      /merchant 999/,
    );
  });
});
