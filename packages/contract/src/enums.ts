/** Spec §3: real-name verification status. */
export const RealNameStatus = { None: 0, Pending: 1, Approved: 2, Rejected: 4 } as const;
export type RealNameStatus = (typeof RealNameStatus)[keyof typeof RealNameStatus];

/** Spec §3: coupon types (bit values). */
export const CouponType = { Cash: 1, Discount: 2, Package: 4, Threshold: 8 } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

/** Spec §9: pay method codes. */
export const PayMethod = {
  Local: 0,
  Offline: 1,
  WxMiniProgram: 100,
  WxOfficialAccount: 101,
  WxScan: 102,
  WxH5: 103,
  AppWx: 104,
  AlipayH5: 203,
  AppAlipay: 204,
  AppIos: 300,
  AppPlay: 400,
  DouyinMini: 500,
} as const;
export type PayMethod = (typeof PayMethod)[keyof typeof PayMethod];

/** Spec §4: realtime socket states as the app shows them. */
export const SocketState = { Connecting: 1, Connected: 2, Authenticated: 3, Closed: 4, Error: 5 } as const;
export type SocketState = (typeof SocketState)[keyof typeof SocketState];

/** Spec §8: framework transport codes, carried in logs and reports. */
export const TransportCode = {
  Timeout: 5,
  NetworkError: 602001,
  Abort: 600003,
  SocketConnectFailure: 600009,
  SocketSendNotOpen: 10002,
} as const;

/** Spec §8: token error codes that force a redirect to login. */
export const TOKEN_ERROR_CODES: readonly string[] = [
  'uni-id-token-expired',
  'uni-id-check-token-failed',
  'uni-id-token-not-exist',
  'uni-id-check-device-feature-failed',
  'TOKEN_INVALID',
  'TOKEN_INVALID_TOKEN_EXPIRED',
  'TOKEN_INVALID_INVALID_CLIENTID',
  'TOKEN_INVALID_WRONG_TOKEN',
  'TOKEN_INVALID_ANONYMOUS_USER',
];

/** Well-known user ids (DESIGN.md). */
export const ROBOT_USER_ID = 999;
export const SERVICE_USER_ID = 10086;
export const DEFAULT_TENANT_ID = 1;

export const APP_VERSION = '1.5.2';
export const APP_VERSION_CODE = 78;

export const LOCALES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
