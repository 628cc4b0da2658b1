import { createSign, createVerify } from 'node:crypto';
import { beijingTime, fenToYuan, toPrivateKey, toPublicKey, type KeyLike, yuanToFen } from './keys.js';

/**
 * Alipay (open platform, RSA2) for pay methods 203 (H5: alipay.trade.wap.pay) and 204 (App: alipay.trade.app.pay).
 *
 * Signing rules from Alipay's "自行实现签名" page: take every parameter except `sign` whose value is not
 * empty, sort by name (ASCII), join as `name=value` with `&`, values raw (not URL-encoded), and sign
 * with SHA256withRSA, base64. Verifying an asynchronous notification uses the same content but also
 * leaves out `sign_type`.
 */

export class AlipayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AlipayError';
  }
}

export type AlipayParams = Record<string, string | undefined | null>;

export const alipaySignContent = (
  params: AlipayParams,
  options: { forNotification?: boolean } = {},
): string =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && !(options.forNotification && k === 'sign_type'))
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export const alipayRsa2Sign = (content: string, privateKey: KeyLike): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(toPrivateKey(privateKey), 'base64');

export const alipayRsa2Verify = (content: string, sign: string, publicKey: KeyLike): boolean => {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(toPublicKey(publicKey), sign, 'base64');
  } catch {
    return false;
  }
};

/** True when an asynchronous notification (form fields, already URL-decoded) was signed by Alipay. */
export const verifyAlipayNotification = (params: AlipayParams, alipayPublicKey: KeyLike): boolean => {
  const sign = params.sign;
  if (!sign) return false;
  return alipayRsa2Verify(alipaySignContent(params, { forNotification: true }), sign, alipayPublicKey);
};

export interface AlipayConfig {
  /** Default https://openapi.alipay.com/gateway.do */
  gateway?: string;
  appId: string;
  /** The application private key (PEM, or the bare base64 the Alipay key tool produces). */
  privateKey: KeyLike;
  /** Alipay's public key from the open-platform console (PEM or bare base64). */
  alipayPublicKey: KeyLike;
  notifyUrl?: string;
  returnUrl?: string;
  now?: () => Date;
}

export interface AlipayOrder {
  outTradeNo: string;
  subject: string;
  /** Integer fen; sent as yuan with two decimals. */
  totalFen: number;
  body?: string;
  /** Absolute expiry (time_expire, Beijing time). */
  expiresAt?: Date;
  /** H5 only: where the cashier's "back" button goes. */
  quitUrl?: string;
  /** H5 only: overrides config.returnUrl. */
  returnUrl?: string;
  /** Passed back in the notification. */
  passbackParams?: string;
}

export interface AlipayNotification {
  notifyId: string;
  notifyType: string;
  appId: string;
  outTradeNo: string;
  tradeNo: string;
  /** WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_FINISHED, TRADE_CLOSED */
  tradeStatus: string;
  totalFen: number;
  buyerId?: string;
  gmtPayment?: string;
  passbackParams?: string;
}

export interface Alipay {
  /** Signed request parameters of any method (exposed for tests and other methods). */
  signedParams(
    method: string,
    bizContent: Record<string, unknown>,
    extra?: AlipayParams,
  ): Record<string, string>;
  /** H5 (203): the gateway URL to send the phone browser to. */
  wapPayUrl(order: AlipayOrder): string;
  /** App (204): the order string handed to the Alipay SDK in the app shell. */
  appPayOrderString(order: AlipayOrder): string;
  /**
   * Verifies and reads an asynchronous notification (the POSTed form fields). Throws when the signature is
   * not Alipay's or the notification is for another app. Answer Alipay with the plain text "success".
   */
  parseNotification(params: AlipayParams): AlipayNotification;
}

const encodeForm = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

export const createAlipay = (config: AlipayConfig): Alipay => {
  const gateway = config.gateway ?? 'https://openapi.alipay.com/gateway.do';
  const now = config.now ?? (() => new Date());
  const privateKey = toPrivateKey(config.privateKey);
  const publicKey = toPublicKey(config.alipayPublicKey);

  const signedParams = (method: string, bizContent: Record<string, unknown>, extra: AlipayParams = {}) => {
    const params: Record<string, string> = {};
    const all: AlipayParams = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTime(now(), 'plain'),
      version: '1.0',
      notify_url: config.notifyUrl,
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null && v !== '') params[k] = v;
    params.sign = alipayRsa2Sign(alipaySignContent(params), privateKey);
    return params;
  };

  const biz = (order: AlipayOrder, productCode: string) => {
    if (!Number.isSafeInteger(order.totalFen) || order.totalFen <= 0) {
      throw new AlipayError('invalid_amount', `amount must be a positive integer of fen: ${order.totalFen}`);
    }
    return {
      out_trade_no: order.outTradeNo,
      total_amount: fenToYuan(order.totalFen),
      subject: order.subject,
      product_code: productCode,
      ...(order.body ? { body: order.body } : {}),
      ...(order.expiresAt ? { time_expire: beijingTime(order.expiresAt, 'plain') } : {}),
      ...(order.passbackParams ? { passback_params: encodeURIComponent(order.passbackParams) } : {}),
    };
  };

  return {
    signedParams,
    wapPayUrl(order) {
      const bizContent = {
        ...biz(order, 'QUICK_WAP_WAY'),
        ...(order.quitUrl ? { quit_url: order.quitUrl } : {}),
      };
      const params = signedParams('alipay.trade.wap.pay', bizContent, {
        return_url: order.returnUrl ?? config.returnUrl,
      });
      return `${gateway}?${encodeForm(params)}`;
    },
    appPayOrderString(order) {
      return encodeForm(signedParams('alipay.trade.app.pay', biz(order, 'QUICK_MSECURITY_PAY')));
    },
    parseNotification(params) {
      if (!verifyAlipayNotification(params, publicKey)) {
        throw new AlipayError('invalid_signature', 'Alipay notification signature does not match');
      }
      if (params.app_id !== config.appId) {
        throw new AlipayError('wrong_app', `Alipay notification for app ${String(params.app_id)}`);
      }
      const totalFen = yuanToFen(params.total_amount ?? '');
      if (!Number.isSafeInteger(totalFen))
        throw new AlipayError('bad_notification', 'notification without a valid total_amount');
      const required = (name: string) => {
        const value = params[name];
        if (!value) throw new AlipayError('bad_notification', `notification without ${name}`);
        return value;
      };
      return {
        notifyId: required('notify_id'),
        notifyType: params.notify_type ?? '',
        appId: required('app_id'),
        outTradeNo: required('out_trade_no'),
        tradeNo: required('trade_no'),
        tradeStatus: required('trade_status'),
        totalFen,
        ...(params.buyer_id ? { buyerId: params.buyer_id } : {}),
        ...(params.gmt_payment ? { gmtPayment: params.gmt_payment } : {}),
        ...(params.passback_params ? { passbackParams: decodeURIComponent(params.passback_params) } : {}),
      };
    },
  };
};
