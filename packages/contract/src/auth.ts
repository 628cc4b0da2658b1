import { z } from 'zod';
import { defineEndpoint } from './registry.js';
import { loginNameSchema, phoneSchema, smsCodeSchema } from './validators.js';

/**
 * Accounts, part 1: SMS captcha, logins, tokens, WeChat.
 *
 * Error ids (`extras.error`) the pages react to:
 * - `sms_too_frequent` 429, `extras.seconds` = seconds to wait before the next send (60 s per phone);
 * - `sms_phone_daily_limit` / `sms_ip_daily_limit` 429, `extras.limit` = the daily cap;
 * - `sms_send_failed` 503: the SMS provider refused the message;
 * - `sms_code_wrong` / `sms_code_expired` / `sms_code_exhausted` 400 with `message.code` (field message):
 *   wrong code / no valid code (expired, used or never sent) / 5 wrong tries, ask for a new one;
 * - `wrong_credentials` 400: unknown account or wrong password (same message for both);
 * - `account_locked` 403: 5 wrong passwords; `extras.minutes` and `extras.until` (Asia/Shanghai
 *   "YYYY-MM-DD HH:mm") and `extras.lockedUntil` (ISO) say until when;
 * - `wechat_not_configured` 503, `wechat_error` 502 (`extras.errcode`), `bind_ticket_invalid` 400.
 */

/** Every login answers this pair. Send the access token as `Authorization: Bearer …`. */
export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * The header the web app sends its device id in (a random id it keeps in local storage): the human check and
 * the welcome gift count per device as well as per address.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * The human check (ALTCHA proof of work, served by us): the challenge the client solves; the solution goes back
 * base64-encoded JSON `{ challenge, solution }` as `humanCheck` of the SMS send the server asked it for
 * (400 `human_check_required` once an address or a device has had app_config signUpGuard.smsBeforeCheck codes in
 * the last hour).
 */
export const humanChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    })
    .passthrough(),
  signature: z.string().optional(),
});
export type HumanChallenge = z.infer<typeof humanChallengeSchema>;

export const sendCaptchaBodySchema = z.object({
  phone: phoneSchema,
  /** A solved human check, when the server asked for one. */
  humanCheck: z.string().max(4000).optional(),
});
export const sendCaptchaResultSchema = z.object({
  /** Seconds before another code may be sent to this phone (the resend countdown). */
  resendSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});

export const phoneLoginBodySchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
/**
 * A phone login's tokens; `welcomeGiftWithheld` when this login made a new account that got no welcome gift:
 * `device` (this device had it already) or `ip` (the address's daily number of gifts was reached).
 */
export const phoneLoginResultSchema = tokenPairSchema.extend({
  welcomeGiftWithheld: z.enum(['device', 'ip']).optional(),
});
export const passwordLoginBodySchema = z.object({
  /** A phone number (with or without +86) or an account name (spec §5: 4–14 letters, digits, _ or -). */
  account: loginNameSchema,
  password: z.string().min(1).max(64),
});
export const refreshTokenBodySchema = z.object({ refreshToken: z.string().min(1).max(200) });

export const loginConfigSchema = z.object({
  sms: z.boolean(),
  password: z.boolean(),
  visitor: z.boolean(),
  /** WeChat mini-program / mobile-app login: only when WECHAT_APP_ID and WECHAT_APP_SECRET are set. */
  wechat: z.boolean(),
  /** The resend countdown of the SMS page. */
  smsResendSeconds: z.number().int(),
  smsCodeLength: z.number().int(),
});
export type LoginConfig = z.infer<typeof loginConfigSchema>;

/** The logged-in caller (guests included: id 0, roles ['guest']). */
export const authUserInfoSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  account: z.string().nullable(),
  nickName: z.string(),
  avatar: z.string(),
  /** Masked: 138****0000. */
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  isGuest: z.boolean(),
  isAdmin: z.boolean(),
  /** False for accounts registered by SMS that never set a password (show "set password"). */
  hasPassword: z.boolean(),
});
export type AuthUserInfo = z.infer<typeof authUserInfoSchema>;

// WeChat.
export const wxLoginBodySchema = z.object({
  /** wx.login() code (mini-program) for /login; the OAuth code of the app SDK for /mobileAppLogin. */
  code: z.string().trim().min(1).max(256),
});
/** A bound WeChat user is logged in at once; an unbound one gets a ticket to bind a phone with. */
export const wxLoginResultSchema = z.discriminatedUnion('bound', [
  z.object({ bound: z.literal(true), accessToken: z.string(), refreshToken: z.string() }),
  z.object({
    bound: z.literal(false),
    /** Pass to phoneNumberBind_WeiXin or phoneNumberBind_Sms; valid 10 minutes. */
    bindTicket: z.string(),
  }),
]);
export type WxLoginResult = z.infer<typeof wxLoginResultSchema>;
export const wxPhoneBindWeiXinBodySchema = z.object({
  bindTicket: z.string().min(1).max(1000),
  /** The code of the getPhoneNumber button (mini-program). */
  code: z.string().trim().min(1).max(256),
});
export const wxPhoneBindSmsBodySchema = z.object({
  bindTicket: z.string().min(1).max(1000),
  phone: phoneSchema,
  code: smsCodeSchema,
});
export const generateSchemeBodySchema = z.object({
  /** Mini-program page path without a leading slash, e.g. pages/index/index. */
  path: z.string().trim().max(256).default(''),
  query: z.string().max(512).default(''),
  env_version: z.enum(['release', 'trial', 'develop']).default('release'),
});
export const generateSchemeResultSchema = z.object({ openlink: z.string() });

export const authEndpoints = {
  sendCaptcha: defineEndpoint({
    method: 'POST',
    path: '/api/sysSms/SendCaptcha',
    auth: 'public',
    tag: 'auth',
    summary:
      'Sends a 6-digit SMS code (valid 5 min, single use, 5 tries); one send per phone per 60 s, daily caps per phone and IP',
    body: sendCaptchaBodySchema,
    result: sendCaptchaResultSchema,
  }),
  humanCheck: defineEndpoint({
    method: 'GET',
    path: '/api/sysSms/humanCheck',
    auth: 'public',
    tag: 'auth',
    summary: 'A human-check challenge (proof of work, valid 10 min, one use) for an SMS send the server asked it for',
    result: humanChallengeSchema,
  }),
  phoneLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuth/phoneLogin',
    auth: 'public',
    tag: 'auth',
    summary: 'Logs in with phone + SMS code; registers the user on first login',
    body: phoneLoginBodySchema,
    result: phoneLoginResultSchema,
  }),
  passwordLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuth/login',
    auth: 'public',
    tag: 'auth',
    summary: 'Logs in with phone or account name + password; 5 wrong passwords lock the account 30 min',
    body: passwordLoginBodySchema,
    result: tokenPairSchema,
  }),
  visitorLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuth/visitorLogin',
    auth: 'public',
    tag: 'auth',
    summary: 'A guest token (uid 0, role guest); user-only calls answer 401 guest_not_allowed',
    result: tokenPairSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuth/logout',
    auth: 'visitor',
    tag: 'auth',
    summary: 'Ends the session: its access and refresh tokens are refused from now on',
    result: z.boolean(),
  }),
  refreshToken: defineEndpoint({
    method: 'POST',
    path: '/api/sysAuth/refreshToken',
    auth: 'public',
    tag: 'auth',
    summary: 'Rotates a refresh token into a new pair (401 token_invalid when revoked, reused or expired)',
    body: refreshTokenBodySchema,
    result: tokenPairSchema,
  }),
  loginConfig: defineEndpoint({
    method: 'GET',
    path: '/api/sysAuth/loginConfig',
    auth: 'public',
    tag: 'auth',
    summary: 'Which login methods are on',
    result: loginConfigSchema,
  }),
  authUserInfo: defineEndpoint({
    method: 'GET',
    path: '/api/sysAuth/userInfo',
    auth: 'visitor',
    tag: 'auth',
    summary: 'The caller: id, roles, permissions, masked phone (guests: id 0, role guest)',
    result: authUserInfoSchema,
  }),
  wxLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sysWxOpen/login',
    auth: 'public',
    tag: 'auth',
    summary: 'WeChat mini-program login (wx.login code → openid); unbound users get a bind ticket',
    body: wxLoginBodySchema,
    result: wxLoginResultSchema,
  }),
  wxMobileAppLogin: defineEndpoint({
    method: 'POST',
    path: '/api/sysWxOpen/mobileAppLogin',
    auth: 'public',
    tag: 'auth',
    summary:
      'WeChat login from the mobile app (OAuth code → openid/unionid); unbound users get a bind ticket',
    body: wxLoginBodySchema,
    result: wxLoginResultSchema,
  }),
  wxPhoneBindWeiXin: defineEndpoint({
    method: 'POST',
    path: '/api/sysWxOpen/phoneNumberBind_WeiXin',
    auth: 'public',
    tag: 'auth',
    summary:
      'Binds the WeChat identity of a bind ticket to the phone WeChat returns for the code, then logs in',
    body: wxPhoneBindWeiXinBodySchema,
    result: tokenPairSchema,
  }),
  wxPhoneBindSms: defineEndpoint({
    method: 'POST',
    path: '/api/sysWxOpen/phoneNumberBind_Sms',
    auth: 'public',
    tag: 'auth',
    summary: 'Binds the WeChat identity of a bind ticket to a phone proven by SMS code, then logs in',
    body: wxPhoneBindSmsBodySchema,
    result: tokenPairSchema,
  }),
  generateScheme: defineEndpoint({
    method: 'POST',
    path: '/api/sysWxOpen/generateScheme',
    auth: 'public',
    tag: 'auth',
    summary: 'A mini-program URL scheme (weixin://dl/business/?t=…) for opening the mini-program from H5',
    body: generateSchemeBodySchema,
    result: generateSchemeResultSchema,
  }),
};
