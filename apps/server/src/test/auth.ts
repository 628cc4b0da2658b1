import { normalizePhone } from '@app/contract';
import { readSmsOutbox } from '../platform/sms/console-sms.js';
import { json, type TestApp } from './build-app.js';

let ipCounter = 0;
/** A fresh client IP per call, so per-IP limits of one test do not leak into the next. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let phoneCounter = 0;
/** A phone number not used by the seed. */
export const freshPhone = () => {
  phoneCounter += 1;
  return `139${String(10000000 + phoneCounter * 7919).slice(-8)}`;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const sendCode = async (app: TestApp, phone: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sysSms/SendCaptcha',
    headers: { 'x-forwarded-for': freshIp(), ...headers },
    payload: { phone },
  });
  return res;
};

/** The last code the console provider wrote to the dev outbox for a phone. */
export const lastCode = async (app: TestApp, phone: string): Promise<string> => {
  const entries = (await readSmsOutbox(app.platform.dataDir)).filter(
    (e) => e.phone === normalizePhone(phone),
  );
  const entry = entries[entries.length - 1];
  if (!entry) throw new Error(`no SMS for ${phone}`);
  return entry.code;
};

/** Sends a code and logs in with it (registers on first login). */
export const loginByPhone = async (app: TestApp, phone: string, headers: Record<string, string> = {}) => {
  const sent = await sendCode(app, phone, headers);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/sysAuth/phoneLogin',
    headers: { 'x-forwarded-for': freshIp(), ...headers },
    payload: { phone, code: await lastCode(app, phone) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return json<{ accessToken: string; refreshToken: string }>(res).result;
};

export const passwordLogin = (
  app: TestApp,
  account: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/sysAuth/login',
    headers: { 'x-forwarded-for': freshIp(), ...headers },
    payload: { account, password },
  });

export const get = (app: TestApp, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

export const post = (
  app: TestApp,
  url: string,
  payload: unknown,
  token?: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': freshIp(), ...headers },
    payload: payload as Record<string, unknown>,
  });
