import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isPhone,
  type endpoints,
  type ParsedBodyOf,
  type TokenPair,
  type WxLoginResult,
} from '@app/contract';
import './auth.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { WechatError, type WechatClient } from '../../platform/wechat/wechat-client.js';
import type { UserRow } from '../../platform/identity/users.repository.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { AuthRepositories } from './auth.repository.js';
import type { CaptchaService } from './captcha.service.js';
import { createSignUp } from './welcome-gift.js';
import { fieldError } from '../../platform/errors.js';

const TICKET_TTL_MS = 10 * 60_000;

interface Ticket {
  /** tenant, app id, openid, unionid, expiry (ms). */
  t: number;
  a: string;
  o: string;
  u?: string;
  e: number;
}

export interface WechatLoginDeps {
  /** For the dictionary's welcome gift of a sign-up. */
  db: Db;
  store: AuthRepositories;
  clock: Clock;
  captcha: CaptchaService;
  /** The mini-program client (login, phone number, URL scheme); undefined when not configured. */
  miniProgram?: WechatClient;
  /** The open-platform mobile-app client (mobileAppLogin); undefined when not configured. */
  mobileApp?: WechatClient;
  /** Key for bind tickets. */
  secret: string;
  startSession(user: UserRow): Promise<TokenPair>;
}

/** Wraps WeChat failures: a bad or used code is the caller's (400), anything else WeChat's (502). */
const wechatCall = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WechatError) {
      if (err.errcode === 40029 || err.errcode === 40163) throw badRequest('wechat_code_invalid');
      throw new AppError(502, 'wechat_error', { errcode: err.errcode });
    }
    throw err;
  }
};

/** WeChat login and phone binding. */
export const createWechatLoginService = (deps: WechatLoginDeps) => {
  const { db, store, clock } = deps;
  const { wechat: bindings } = store.repos;
  const findOrSignUp = createSignUp({ db, store, clock });
  const sign = (payload: string) => createHmac('sha256', deps.secret).update(payload).digest('base64url');

  const issueTicket = (ticket: Omit<Ticket, 'e'>): string => {
    const payload = Buffer.from(
      JSON.stringify({ ...ticket, e: clock.now().getTime() + TICKET_TTL_MS }),
    ).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };

  const readTicket = (value: string, tenantId: number): Ticket => {
    const [payload = '', mac = ''] = value.split('.');
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw badRequest('bind_ticket_invalid');
    const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Ticket;
    if (ticket.t !== tenantId || ticket.e <= clock.now().getTime()) throw badRequest('bind_ticket_invalid');
    return ticket;
  };

  const bind = (ticket: Ticket, user: UserRow) =>
    bindings.bind(
      { tenantId: ticket.t, userId: user.id, appId: ticket.a, openid: ticket.o, unionid: ticket.u ?? null },
      clock.now(),
    );

  const login = async (
    tenantId: number,
    client: WechatClient | undefined,
    identity: (c: WechatClient) => Promise<{ openid: string; unionid?: string }>,
  ): Promise<WxLoginResult> => {
    if (!client) throw new AppError(503, 'wechat_not_configured');
    const { openid, unionid } = await wechatCall(() => identity(client));
    const ticket = { t: tenantId, a: client.appId, o: openid, ...(unionid ? { u: unionid } : {}) };
    const user = await bindings.boundUser(tenantId, client.appId, openid, unionid);
    if (!user) return { bound: false, bindTicket: issueTicket(ticket) };
    await bind({ ...ticket, e: 0 }, user);
    return { bound: true, ...(await deps.startSession(user)) };
  };

  return {
    enabled: () => !!deps.miniProgram || !!deps.mobileApp,

    miniProgramLogin: ({ tenantId }: Actor, code: string) =>
      login(tenantId, deps.miniProgram, (c) => c.code2Session(code)),

    mobileAppLogin: ({ tenantId }: Actor, code: string) =>
      login(tenantId, deps.mobileApp, (c) => c.oauthAccessToken(code)),

    async bindByWeixinPhone({ tenantId, ip }: Actor, bindTicket: string, code: string): Promise<TokenPair> {
      const client = deps.miniProgram;
      if (!client) throw new AppError(503, 'wechat_not_configured');
      const ticket = readTicket(bindTicket, tenantId);
      const info = await wechatCall(() => client.getUserPhoneNumber(code));
      if (info.countryCode !== '86' || !isPhone(info.purePhoneNumber))
        throw fieldError('code', 'invalid_phone');
      // The mini program sends no device id: the address's daily number of gifts still applies.
      const { user } = await findOrSignUp(tenantId, info.purePhoneNumber, { ip: ip ?? '', deviceId: null });
      await bind(ticket, user);
      return deps.startSession(user);
    },

    async bindBySms(
      { tenantId, ip }: Actor,
      input: ParsedBodyOf<typeof endpoints.wxPhoneBindSms>,
    ): Promise<TokenPair> {
      const ticket = readTicket(input.bindTicket, tenantId);
      await deps.captcha.verify({ tenantId, ...input });
      const { user } = await findOrSignUp(tenantId, input.phone, { ip: ip ?? '', deviceId: null });
      await bind(ticket, user);
      return deps.startSession(user);
    },

    async generateScheme(input: ParsedBodyOf<typeof endpoints.generateScheme>) {
      const client = deps.miniProgram;
      if (!client) throw new AppError(503, 'wechat_not_configured');
      const openlink = await wechatCall(() =>
        client.generateScheme({ path: input.path, query: input.query, envVersion: input.env_version }),
      );
      return { openlink };
    },
  };
};
export type WechatLoginService = ReturnType<typeof createWechatLoginService>;
