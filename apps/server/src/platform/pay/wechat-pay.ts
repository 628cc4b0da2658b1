import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { beijingTime, toPrivateKey, toPublicKey, type KeyLike } from './keys.js';

/**
 * WeChat Pay API v3: request signing, answer and notification verification,
 * AES-256-GCM resource decryption, the JSAPI / Native / H5 / App prepay calls and the parameters the
 * client needs to open the payment (JSAPI paySign, App sign).
 *
 * Every signed message is the lines of its parts, each line ended by "\n" (the last one too):
 *   request       METHOD \n URL(path+query) \n TIMESTAMP \n NONCE \n BODY \n      signed by the merchant key
 *   answer/notify TIMESTAMP \n NONCE \n BODY \n                                  signed by WeChat Pay's key
 *   JSAPI pay     APPID \n TIMESTAMP \n NONCE \n prepay_id=… \n                   signed by the merchant key
 *   App pay       APPID \n TIMESTAMP \n NONCE \n PREPAY_ID \n                     signed by the merchant key
 * all RSA-SHA256 (PKCS#1 v1.5), base64.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class WechatPayError extends Error {
  constructor(
    /** WeChat Pay's error code (PARAM_ERROR, SIGN_ERROR, ORDERPAID …) or ours (invalid_signature, stale_timestamp …). */
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WechatPayError';
  }
}

export const wechatPayMessage = (...parts: string[]): string => parts.map((p) => `${p}\n`).join('');

export const rsaSha256Sign = (message: string, privateKey: KeyLike): string =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(toPrivateKey(privateKey), 'base64');

export const rsaSha256Verify = (message: string, signature: string, publicKey: KeyLike): boolean => {
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(toPublicKey(publicKey), signature, 'base64');
  } catch {
    return false;
  }
};

export interface AuthorizationInput {
  mchId: string;
  serialNo: string;
  privateKey: KeyLike;
  method: string;
  /** Path and query of the request, e.g. /v3/pay/transactions/jsapi */
  url: string;
  body: string;
  timestamp: number;
  nonce: string;
}

/** The `Authorization` header of a v3 request. */
export const wechatPayAuthorization = (input: AuthorizationInput): string => {
  const message = wechatPayMessage(
    input.method.toUpperCase(),
    input.url,
    String(input.timestamp),
    input.nonce,
    input.body,
  );
  const signature = rsaSha256Sign(message, input.privateKey);
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${input.nonce}",` +
    `signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
};

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

const header = (headers: HeaderBag, name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

export interface VerifyInput {
  /** Headers as received: Wechatpay-Timestamp, -Nonce, -Signature, -Serial (any letter case). */
  headers: HeaderBag;
  /** The body exactly as received (raw text, not re-serialised JSON). */
  body: string;
  /** Platform certificate serial or public-key id (PUB_KEY_ID_…) → WeChat Pay's public key. */
  publicKeys: Record<string, KeyLike>;
  now: Date;
  /** Older (or newer) timestamps are refused: a replayed message. Default 300 s. */
  maxSkewSeconds?: number;
}

/**
 * Checks a notification or an answer signed by WeChat Pay; throws WechatPayError when it must be refused.
 * WeChat Pay also sends probes whose signature starts with "WECHATPAY/SIGNTEST/": they fail here, as they must.
 */
export const verifyWechatPaySignature = (input: VerifyInput): void => {
  const timestamp = header(input.headers, 'wechatpay-timestamp');
  const nonce = header(input.headers, 'wechatpay-nonce');
  const signature = header(input.headers, 'wechatpay-signature');
  const serial = header(input.headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) {
    throw new WechatPayError('missing_signature', 'WeChat Pay signature headers are missing');
  }
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (!Number.isFinite(skew) || skew > (input.maxSkewSeconds ?? 300)) {
    throw new WechatPayError('stale_timestamp', `WeChat Pay timestamp ${timestamp} is too far from now`);
  }
  const key = input.publicKeys[serial];
  if (!key) throw new WechatPayError('unknown_serial', `no WeChat Pay public key for serial ${serial}`);
  if (!rsaSha256Verify(wechatPayMessage(timestamp, nonce, input.body), signature, key)) {
    throw new WechatPayError('invalid_signature', 'WeChat Pay signature does not match');
  }
};

export interface EncryptedResource {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: ciphertext is base64 of encrypted bytes followed by the 16-byte tag. */
export const decryptWechatPayResource = (resource: EncryptedResource, apiV3Key: string): string => {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new WechatPayError('invalid_key', 'the APIv3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new WechatPayError('decrypt_failed', 'ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'), {
      authTagLength: 16,
    });
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new WechatPayError(
      'decrypt_failed',
      'WeChat Pay resource could not be decrypted (wrong key or tampered data)',
    );
  }
};

export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** Parameters for WeixinJSBridge 'getBrandWCPayRequest' / wx.requestPayment (pay methods 100, 101). */
export const jsapiPayParams = (input: {
  appId: string;
  prepayId: string;
  privateKey: KeyLike;
  timestamp: number;
  nonce: string;
}): JsapiPayParams => {
  const pkg = `prepay_id=${input.prepayId}`;
  const timeStamp = String(input.timestamp);
  return {
    appId: input.appId,
    timeStamp,
    nonceStr: input.nonce,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSha256Sign(wechatPayMessage(input.appId, timeStamp, input.nonce, pkg), input.privateKey),
  };
};

export interface AppPayParams {
  appid: string;
  partnerid: string;
  prepayid: string;
  package: 'Sign=WXPay';
  noncestr: string;
  timestamp: string;
  sign: string;
}

/** Parameters for the WeChat Open SDK PayReq in an app shell (pay method 104). */
export const appPayParams = (input: {
  appId: string;
  mchId: string;
  prepayId: string;
  privateKey: KeyLike;
  timestamp: number;
  nonce: string;
}): AppPayParams => {
  const timestamp = String(input.timestamp);
  return {
    appid: input.appId,
    partnerid: input.mchId,
    prepayid: input.prepayId,
    package: 'Sign=WXPay',
    noncestr: input.nonce,
    timestamp,
    sign: rsaSha256Sign(
      wechatPayMessage(input.appId, timestamp, input.nonce, input.prepayId),
      input.privateKey,
    ),
  };
};

export interface WechatPayConfig {
  /** Default https://api.mch.weixin.qq.com */
  baseUrl?: string;
  mchId: string;
  /** The appid orders are made for (official account, mini program or open-platform app); an order may override it. */
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (apiclient_key.pem). */
  privateKey: KeyLike;
  /** The 32-character APIv3 key set in the merchant platform. */
  apiV3Key: string;
  /** WeChat Pay platform certificate serials or public-key ids → public keys (or certificates). */
  platformKeys: Record<string, KeyLike>;
  notifyUrl: string;
  /** Verify the signature of successful answers (default true; WeChat Pay signs every answer). */
  verifyAnswers?: boolean;
  maxSkewSeconds?: number;
  timeoutMs?: number;
  fetch?: FetchLike;
  now?: () => Date;
  nonce?: () => string;
}

export interface PrepayOrder {
  outTradeNo: string;
  description: string;
  /** Integer fen. */
  totalFen: number;
  attach?: string;
  expiresAt?: Date;
  /** Overrides config.appId for this order (e.g. the mini program rather than the official account). */
  appId?: string;
}

export interface TransactionNotification {
  /** The notification envelope: id, create_time, event_type (TRANSACTION.SUCCESS …), summary. */
  event: { id: string; create_time: string; event_type: string; resource_type: string; summary?: string };
  /** The decrypted resource: for payments out_trade_no, transaction_id, trade_state, amount.total … */
  resource: Record<string, unknown>;
}

export interface WechatPay {
  jsapiPrepay(
    order: PrepayOrder & { openid: string },
  ): Promise<{ prepayId: string; payParams: JsapiPayParams }>;
  nativePrepay(order: PrepayOrder): Promise<{ codeUrl: string }>;
  h5Prepay(
    order: PrepayOrder & { clientIp: string; h5Type?: 'Wap' | 'iOS' | 'Android' },
  ): Promise<{ h5Url: string }>;
  appPrepay(order: PrepayOrder): Promise<{ prepayId: string; payParams: AppPayParams }>;
  /**
   * Verifies and decrypts a payment (or refund) notification. `body` must be the raw request text.
   * Answer WeChat Pay with HTTP 200/204 once the order is recorded, 4xx/5xx with {code:"FAIL", message} otherwise.
   */
  parseNotification(input: { headers: HeaderBag; body: string }): TransactionNotification;
}

export const createWechatPay = (config: WechatPayConfig): WechatPay => {
  const baseUrl = (config.baseUrl ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const nonce = config.nonce ?? (() => randomBytes(16).toString('hex').toUpperCase());
  const privateKey = toPrivateKey(config.privateKey);
  const platformKeys = Object.fromEntries(
    Object.entries(config.platformKeys).map(([k, v]) => [k, toPublicKey(v)]),
  );
  const seconds = () => Math.floor(now().getTime() / 1000);

  const post = async (path: string, payload: unknown): Promise<Record<string, unknown>> => {
    const body = JSON.stringify(payload);
    const authorization = wechatPayAuthorization({
      mchId: config.mchId,
      serialNo: config.serialNo,
      privateKey,
      method: 'POST',
      url: path,
      body,
      timestamp: seconds(),
      nonce: nonce(),
    });
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'aichuang-server/1.5.2',
        },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new WechatPayError('network', `WeChat Pay request failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    let answer: Record<string, unknown> = {};
    try {
      answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new WechatPayError(
        `HTTP_${res.status}`,
        `WeChat Pay answered HTTP ${res.status} with non-JSON`,
        res.status,
      );
    }
    if (!res.ok) {
      const code = typeof answer.code === 'string' ? answer.code : `HTTP_${res.status}`;
      const message = typeof answer.message === 'string' ? answer.message : 'no message';
      throw new WechatPayError(code, `WeChat Pay ${path} failed (${code}): ${message}`, res.status);
    }
    // A forged answer (DNS or proxy in the middle) must not hand the client a prepay_id of someone else.
    if (config.verifyAnswers !== false) {
      verifyWechatPaySignature({
        headers: res.headers,
        body: text,
        publicKeys: platformKeys,
        now: now(),
        maxSkewSeconds: config.maxSkewSeconds,
      });
    }
    return answer;
  };

  const base = (order: PrepayOrder) => {
    if (!Number.isSafeInteger(order.totalFen) || order.totalFen <= 0) {
      throw new WechatPayError(
        'invalid_amount',
        `amount must be a positive integer of fen: ${order.totalFen}`,
      );
    }
    return {
      appid: order.appId ?? config.appId,
      mchid: config.mchId,
      description: order.description,
      out_trade_no: order.outTradeNo,
      notify_url: config.notifyUrl,
      amount: { total: order.totalFen, currency: 'CNY' },
      ...(order.attach ? { attach: order.attach } : {}),
      ...(order.expiresAt ? { time_expire: beijingTime(order.expiresAt, 'rfc3339') } : {}),
    };
  };

  const field = (answer: Record<string, unknown>, name: string): string => {
    const value = answer[name];
    if (typeof value !== 'string' || !value)
      throw new WechatPayError('bad_answer', `WeChat Pay answer without ${name}`);
    return value;
  };

  return {
    async jsapiPrepay(order) {
      const payload = { ...base(order), payer: { openid: order.openid } };
      const prepayId = field(await post('/v3/pay/transactions/jsapi', payload), 'prepay_id');
      const payParams = jsapiPayParams({
        appId: payload.appid,
        prepayId,
        privateKey,
        timestamp: seconds(),
        nonce: nonce(),
      });
      return { prepayId, payParams };
    },
    async nativePrepay(order) {
      return { codeUrl: field(await post('/v3/pay/transactions/native', base(order)), 'code_url') };
    },
    async h5Prepay(order) {
      const payload = {
        ...base(order),
        scene_info: { payer_client_ip: order.clientIp, h5_info: { type: order.h5Type ?? 'Wap' } },
      };
      return { h5Url: field(await post('/v3/pay/transactions/h5', payload), 'h5_url') };
    },
    async appPrepay(order) {
      const payload = base(order);
      const prepayId = field(await post('/v3/pay/transactions/app', payload), 'prepay_id');
      const payParams = appPayParams({
        appId: payload.appid,
        mchId: config.mchId,
        prepayId,
        privateKey,
        timestamp: seconds(),
        nonce: nonce(),
      });
      return { prepayId, payParams };
    },
    parseNotification({ headers, body }) {
      verifyWechatPaySignature({
        headers,
        body,
        publicKeys: platformKeys,
        now: now(),
        maxSkewSeconds: config.maxSkewSeconds,
      });
      let event: TransactionNotification['event'] & { resource?: EncryptedResource };
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        throw new WechatPayError('bad_notification', 'WeChat Pay notification is not JSON');
      }
      if (!event.resource?.ciphertext)
        throw new WechatPayError('bad_notification', 'notification without resource');
      const resource = JSON.parse(decryptWechatPayResource(event.resource, config.apiV3Key)) as Record<
        string,
        unknown
      >;
      // Signed by WeChat Pay, but still check it is about this merchant before crediting anything.
      if (resource.mchid !== undefined && resource.mchid !== config.mchId) {
        throw new WechatPayError('wrong_merchant', `notification for merchant ${String(resource.mchid)}`);
      }
      return {
        event: {
          id: event.id,
          create_time: event.create_time,
          event_type: event.event_type,
          resource_type: event.resource_type,
          summary: event.summary,
        },
        resource,
      };
    },
  };
};
