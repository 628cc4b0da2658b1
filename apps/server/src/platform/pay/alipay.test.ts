import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AlipayError,
  alipayRsa2Sign,
  alipayRsa2Verify,
  alipaySignContent,
  createAlipay,
  verifyAlipayNotification,
} from './alipay.js';
import { beijingTime, fenToYuan, yuanToFen } from './keys.js';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Bare base64 DER, the form the Alipay console and key tool show. */
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const appPrivateBare = bare(app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const alipayPublicBare = bare(alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString());
const NOW = new Date('2025-05-01T16:30:05Z'); // 2025-05-02 00:30:05 in Beijing

const client = () =>
  createAlipay({
    gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    appId: '2021000122671080',
    privateKey: appPrivateBare,
    alipayPublicKey: alipayPublicBare,
    notifyUrl: 'https://example.com/api/sysPay/notify/alipay',
    returnUrl: 'https://example.com/#/pages/index/vip/index',
    now: () => NOW,
  });

describe('sign content', () => {
  it('sorts by name, drops sign and empty values, keeps raw values; notifications also drop sign_type', () => {
    const params = {
      method: 'alipay.trade.app.pay',
      app_id: '2014072300007148',
      sign: 'xxx',
      sign_type: 'RSA2',
      empty: '',
      biz_content: '{"a":"b c&d"}',
      charset: 'utf-8',
    };
    expect(alipaySignContent(params)).toBe(
      'app_id=2014072300007148&biz_content={"a":"b c&d"}&charset=utf-8&method=alipay.trade.app.pay&sign_type=RSA2',
    );
    expect(alipaySignContent(params, { forNotification: true })).toBe(
      'app_id=2014072300007148&biz_content={"a":"b c&d"}&charset=utf-8&method=alipay.trade.app.pay',
    );
  });

  it('sign → verify round trip; a changed content or another key is refused', () => {
    const sign = alipayRsa2Sign('a=1&b=2', app.privateKey);
    expect(alipayRsa2Verify('a=1&b=2', sign, app.publicKey)).toBe(true);
    expect(alipayRsa2Verify('a=1&b=3', sign, app.publicKey)).toBe(false);
    expect(alipayRsa2Verify('a=1&b=2', alipayRsa2Sign('a=1&b=2', attacker.privateKey), app.publicKey)).toBe(
      false,
    );
    expect(alipayRsa2Verify('a=1&b=2', 'not base64 at all', app.publicKey)).toBe(false);
  });
});

describe('a real Alipay notification', () => {
  // An asynchronous notification signed by Alipay and Alipay's public key, both published in the test suite
  // of Alipay's official Node SDK (alipay/alipay-sdk-nodejs-all, checkNotifySign "verify sign should delete
  // sign_type"). fund_bill_list arrives as a JSON string in the POSTed form.
  const alipayPublicKey =
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
  const notification = {
    gmt_create: '2019-08-15 15:56:22',
    charset: 'utf-8',
    seller_email: 'z97-yuquerevenue@service.aliyun.com',
    subject: '语雀空间 500人规模',
    sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
    buyer_id: '2088102534368455',
    invoice_amount: '0.10',
    notify_id: '2019081500222155624068450559358070',
    fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '0.10',
    buyer_pay_amount: '0.10',
    sign_type: 'RSA2',
    app_id: '2019073166072302',
    seller_id: '2088531891668739',
    gmt_payment: '2019-08-15 15:56:24',
    notify_time: '2019-08-15 15:56:25',
    version: '1.0',
    out_trade_no: '20190815155618536-564-57',
    total_amount: '0.10',
    trade_no: '2019081522001468450512505578',
    auth_app_id: '2019073166072302',
    buyer_logon_id: 'xud***@126.com',
    point_amount: '0.00',
  };

  it('verifies with sign and sign_type left out of the content', () => {
    expect(verifyAlipayNotification(notification, alipayPublicKey)).toBe(true);
    const { sign_type: _drop, ...withoutSignType } = notification;
    expect(verifyAlipayNotification(withoutSignType, alipayPublicKey)).toBe(true);
  });

  it('is refused once any field changes, or without a sign', () => {
    expect(verifyAlipayNotification({ ...notification, total_amount: '100.00' }, alipayPublicKey)).toBe(
      false,
    );
    expect(
      verifyAlipayNotification({ ...notification, trade_status: 'TRADE_FINISHED' }, alipayPublicKey),
    ).toBe(false);
    expect(verifyAlipayNotification({ ...notification, sign: '' }, alipayPublicKey)).toBe(false);
  });

  it('parses into typed fields through the client, amounts in fen', () => {
    const c = createAlipay({ appId: '2019073166072302', privateKey: app.privateKey, alipayPublicKey });
    expect(c.parseNotification(notification)).toEqual({
      notifyId: '2019081500222155624068450559358070',
      notifyType: 'trade_status_sync',
      appId: '2019073166072302',
      outTradeNo: '20190815155618536-564-57',
      tradeNo: '2019081522001468450512505578',
      tradeStatus: 'TRADE_SUCCESS',
      totalFen: 10,
      buyerId: '2088102534368455',
      gmtPayment: '2019-08-15 15:56:24',
    });
  });
});

describe('order strings', () => {
  it('App (204): a signed, URL-encoded order string for alipay.trade.app.pay', () => {
    const orderString = client().appPayOrderString({
      outTradeNo: 'VIP20250502001',
      subject: 'VIP月卡',
      totalFen: 1990,
    });
    const params = Object.fromEntries(new URLSearchParams(orderString));
    expect(params).toMatchObject({
      app_id: '2021000122671080',
      method: 'alipay.trade.app.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2025-05-02 00:30:05',
      notify_url: 'https://example.com/api/sysPay/notify/alipay',
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'VIP20250502001',
      total_amount: '19.90',
      subject: 'VIP月卡',
      product_code: 'QUICK_MSECURITY_PAY',
    });
    // What Alipay does on receipt: the content without sign (sign_type kept) verifies with the app public key.
    expect(alipayRsa2Verify(alipaySignContent(params), params.sign!, app.publicKey)).toBe(true);
    expect(orderString).not.toMatch(/[ {}"]/); // every value is URL-encoded
  });

  it('H5 (203): a gateway URL for alipay.trade.wap.pay with return and quit URLs', () => {
    const url = new URL(
      client().wapPayUrl({
        outTradeNo: 'VIP2',
        subject: '金币包',
        totalFen: 600,
        quitUrl: 'https://example.com/#/pages/index/vip/index',
        expiresAt: new Date('2025-05-01T17:00:00Z'),
      }),
    );
    expect(url.origin + url.pathname).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(params.return_url).toBe('https://example.com/#/pages/index/vip/index');
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'VIP2',
      total_amount: '6.00',
      subject: '金币包',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2025-05-02 01:00:00',
      quit_url: 'https://example.com/#/pages/index/vip/index',
    });
    expect(alipayRsa2Verify(alipaySignContent(params), params.sign!, app.publicKey)).toBe(true);
    expect(
      alipayRsa2Verify(
        alipaySignContent({ ...params, biz_content: params.biz_content!.replace('6.00', '0.01') }),
        params.sign!,
        app.publicKey,
      ),
    ).toBe(false);
  });

  it('refuses amounts that are not positive integers of fen', () => {
    expect(() => client().appPayOrderString({ outTradeNo: 'x', subject: 'x', totalFen: 19.9 })).toThrow(
      AlipayError,
    );
    expect(() => client().appPayOrderString({ outTradeNo: 'x', subject: 'x', totalFen: -1 })).toThrow(
      AlipayError,
    );
  });
});

describe('notifications signed with generated keys', () => {
  const notify = (fields: Record<string, string>, key = alipay.privateKey) => {
    const params = {
      notify_id: 'n1',
      notify_type: 'trade_status_sync',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      ...fields,
    };
    return { ...params, sign: alipayRsa2Sign(alipaySignContent(params, { forNotification: true }), key) };
  };
  const paid = {
    app_id: '2021000122671080',
    out_trade_no: 'VIP1',
    trade_no: '2025050222001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '19.90',
    passback_params: encodeURIComponent('coupon=7'),
  };

  it('accepts Alipay-signed notifications for this app and reads the amount in fen', () => {
    expect(client().parseNotification(notify(paid))).toMatchObject({
      outTradeNo: 'VIP1',
      totalFen: 1990,
      tradeStatus: 'TRADE_SUCCESS',
      passbackParams: 'coupon=7',
    });
  });

  it('refuses a forged signature, a tampered field and another app', () => {
    expect(() => client().parseNotification(notify(paid, attacker.privateKey))).toThrow(
      /signature does not match/,
    );
    expect(() => client().parseNotification({ ...notify(paid), total_amount: '0.01' })).toThrow(
      /signature does not match/,
    );
    expect(() => client().parseNotification(notify({ ...paid, app_id: '2021000000000000' }))).toThrow(
      /app 2021000000000000/,
    );
  });
});

describe('money and time helpers', () => {
  it('convert fen and yuan exactly, and format Beijing time', () => {
    expect([fenToYuan(0), fenToYuan(1), fenToYuan(10), fenToYuan(1990), fenToYuan(123456789)]).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '19.90',
      '1234567.89',
    ]);
    expect([yuanToFen('0.10'), yuanToFen('19.9'), yuanToFen('20'), yuanToFen('0.01')]).toEqual([
      10, 1990, 2000, 1,
    ]);
    expect(yuanToFen('1.234')).toBeNaN();
    expect(yuanToFen('-1')).toBeNaN();
    expect(beijingTime(NOW, 'plain')).toBe('2025-05-02 00:30:05');
    expect(beijingTime(NOW, 'rfc3339')).toBe('2025-05-02T00:30:05+08:00');
  });
});
