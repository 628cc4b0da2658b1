import { randomBytes } from 'node:crypto';
import { jsSdkSignature } from './js-sdk.js';

/**
 * Client for the WeChat server APIs the product uses.
 * One client per WeChat app: the official account (OAuth web login, JS-SDK), the mini program
 * (jscode2session, phone number, URL scheme) and the open-platform mobile app each have their own
 * appId/appSecret, so the lead creates one client for each that is configured.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface WechatClientConfig {
  /** Default https://api.weixin.qq.com */
  baseUrl?: string;
  appId: string;
  appSecret: string;
  fetch?: FetchLike;
  now?: () => Date;
  /** Cached access token and ticket are renewed this many seconds before WeChat's expires_in (default 300). */
  refreshMarginSeconds?: number;
  timeoutMs?: number;
  nonce?: () => string;
}

const KNOWN_ERRORS: Record<number, string> = {
  [-1]: 'WeChat system busy, try again later',
  40001: 'invalid credential: the AppSecret is wrong or the access_token is invalid or expired',
  40013: 'invalid appid',
  40014: 'invalid access_token',
  40029: 'invalid code: the login code is wrong or has expired',
  40125: 'invalid appsecret',
  40163: 'the code has already been used',
  40226: 'the user is blocked as high risk',
  41002: 'appid missing',
  42001: 'access_token expired',
  45009: 'the daily API quota is used up',
  45011: 'API rate limit reached, try again later',
  85079: 'the mini program has no published version',
};

/** A WeChat answer with a non-zero errcode, or a transport failure (errcode -2). */
export class WechatError extends Error {
  constructor(
    readonly api: string,
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    const known = KNOWN_ERRORS[errcode];
    super(`WeChat ${api} failed with errcode ${errcode}${known ? ` (${known})` : ''}: ${errmsg}`);
    this.name = 'WechatError';
  }
}

/** Errors after which a fresh access token may succeed. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

interface Cached {
  value: string;
  /** ms since epoch after which the value is renewed. */
  renewAt: number;
}

export interface OauthAccessToken {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  openid: string;
  scope: string;
  unionid?: string;
  /** 1 when the user is browsing in "snapshot" mode and has not authorised yet. */
  isSnapshotUser?: number;
}

export interface MiniProgramSession {
  openid: string;
  sessionKey: string;
  unionid?: string;
}

export interface PhoneInfo {
  phoneNumber: string;
  purePhoneNumber: string;
  countryCode: string;
}

export interface GenerateSchemeInput {
  path?: string;
  query?: string;
  /** release (default), trial or develop */
  envVersion?: 'release' | 'trial' | 'develop';
  /** Link lifetime in days (1–30) when given; otherwise WeChat's default. */
  expireDays?: number;
}

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface WechatClient {
  readonly appId: string;
  getAccessToken(): Promise<string>;
  getJsapiTicket(): Promise<string>;
  /** Forget the cached token and ticket (e.g. after the secret was reset). */
  invalidate(): void;
  jsSdkConfig(url: string): Promise<JsSdkConfig>;
  /** Official-account web OAuth or open-platform app login: code → openid/unionid. */
  oauthAccessToken(code: string): Promise<OauthAccessToken>;
  /** Mini-program login: wx.login code → openid/unionid/session_key. */
  code2Session(jsCode: string): Promise<MiniProgramSession>;
  /** Mini-program getPhoneNumber button code → the user's phone number. */
  getUserPhoneNumber(code: string): Promise<PhoneInfo>;
  /** A URL scheme (weixin://dl/business/?t=…) that opens the mini program from outside WeChat. */
  generateScheme(input: GenerateSchemeInput): Promise<string>;
}

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string };

export const createWechatClient = (config: WechatClientConfig): WechatClient => {
  const baseUrl = (config.baseUrl ?? 'https://api.weixin.qq.com').replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const margin = config.refreshMarginSeconds ?? 300;
  const nonce = config.nonce ?? (() => randomBytes(12).toString('hex'));

  let token: Cached | undefined;
  let ticket: Cached | undefined;
  // Concurrent callers share one request instead of each fetching (and invalidating) a token.
  let tokenInFlight: Promise<string> | undefined;
  let ticketInFlight: Promise<string> | undefined;

  const call = async (api: string, query: Record<string, string>, body?: unknown): Promise<Answer> => {
    const url = `${baseUrl}/${api}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new WechatError(api, -2, `request failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    let answer: Answer;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      throw new WechatError(api, -2, `HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (typeof answer.errcode === 'number' && answer.errcode !== 0) {
      throw new WechatError(api, answer.errcode, String(answer.errmsg ?? ''));
    }
    if (!res.ok) throw new WechatError(api, -2, `HTTP ${res.status}`);
    return answer;
  };

  const lifetime = (expiresIn: unknown): number => {
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200;
    // Renew `margin` seconds early, but never keep less than half of a short lifetime.
    return (seconds > 2 * margin ? seconds - margin : seconds / 2) * 1000;
  };

  const fresh = (c: Cached | undefined) => (c && now().getTime() < c.renewAt ? c.value : undefined);

  const getAccessToken = (): Promise<string> => {
    const cached = fresh(token);
    if (cached) return Promise.resolve(cached);
    tokenInFlight ??= call('cgi-bin/token', {
      grant_type: 'client_credential',
      appid: config.appId,
      secret: config.appSecret,
    })
      .then((a) => {
        const value = String(a.access_token ?? '');
        if (!value) throw new WechatError('cgi-bin/token', -2, 'answer without access_token');
        token = { value, renewAt: now().getTime() + lifetime(a.expires_in) };
        return value;
      })
      .finally(() => {
        tokenInFlight = undefined;
      });
    return tokenInFlight;
  };

  /** Calls an API that takes the access token; one retry with a new token if WeChat says it is invalid. */
  const withToken = async (api: string, query: Record<string, string>, body?: unknown): Promise<Answer> => {
    const first = await getAccessToken();
    try {
      return await call(api, { ...query, access_token: first }, body);
    } catch (err) {
      if (!(err instanceof WechatError) || !TOKEN_ERRORS.has(err.errcode)) throw err;
      if (token?.value === first) token = undefined;
      ticket = undefined;
      return call(api, { ...query, access_token: await getAccessToken() }, body);
    }
  };

  const getJsapiTicket = (): Promise<string> => {
    const cached = fresh(ticket);
    if (cached) return Promise.resolve(cached);
    ticketInFlight ??= withToken('cgi-bin/ticket/getticket', { type: 'jsapi' })
      .then((a) => {
        const value = String(a.ticket ?? '');
        if (!value) throw new WechatError('cgi-bin/ticket/getticket', -2, 'answer without ticket');
        ticket = { value, renewAt: now().getTime() + lifetime(a.expires_in) };
        return value;
      })
      .finally(() => {
        ticketInFlight = undefined;
      });
    return ticketInFlight;
  };

  return {
    appId: config.appId,
    getAccessToken,
    getJsapiTicket,
    invalidate() {
      token = undefined;
      ticket = undefined;
    },
    async jsSdkConfig(url) {
      const jsapiTicket = await getJsapiTicket();
      const timestamp = Math.floor(now().getTime() / 1000);
      const nonceStr = nonce();
      return {
        appId: config.appId,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ ticket: jsapiTicket, nonceStr, timestamp, url }),
      };
    },
    async oauthAccessToken(code) {
      const a = await call('sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      return {
        accessToken: String(a.access_token),
        expiresIn: Number(a.expires_in),
        refreshToken: String(a.refresh_token ?? ''),
        openid: String(a.openid),
        scope: String(a.scope ?? ''),
        ...(typeof a.unionid === 'string' ? { unionid: a.unionid } : {}),
        ...(typeof a.is_snapshotuser === 'number' ? { isSnapshotUser: a.is_snapshotuser } : {}),
      };
    },
    async code2Session(jsCode) {
      const a = await call('sns/jscode2session', {
        appid: config.appId,
        secret: config.appSecret,
        js_code: jsCode,
        grant_type: 'authorization_code',
      });
      return {
        openid: String(a.openid),
        sessionKey: String(a.session_key),
        ...(typeof a.unionid === 'string' ? { unionid: a.unionid } : {}),
      };
    },
    async getUserPhoneNumber(code) {
      const a = await withToken('wxa/business/getuserphonenumber', {}, { code });
      const info = a.phone_info as Partial<PhoneInfo> | undefined;
      if (!info?.phoneNumber)
        throw new WechatError('wxa/business/getuserphonenumber', -2, 'answer without phone_info');
      return {
        phoneNumber: String(info.phoneNumber),
        purePhoneNumber: String(info.purePhoneNumber ?? info.phoneNumber),
        countryCode: String(info.countryCode ?? '86'),
      };
    },
    async generateScheme({ path = '', query = '', envVersion = 'release', expireDays }) {
      const body: Record<string, unknown> = { jump_wxa: { path, query, env_version: envVersion } };
      if (expireDays !== undefined) {
        Object.assign(body, { is_expire: true, expire_type: 1, expire_interval: expireDays });
      }
      const a = await withToken('wxa/generatescheme', {}, body);
      if (typeof a.openlink !== 'string')
        throw new WechatError('wxa/generatescheme', -2, 'answer without openlink');
      return a.openlink;
    },
  };
};
