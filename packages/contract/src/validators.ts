import { z } from 'zod';

/** Spec §5 validators. Each pattern is also exposed as a zod schema so the server and the forms share them. */

const PHONE_RE = /^(?:\+86|0086)?1\d{10}$/;
const SMS_CODE_RE = /^\d{6}$/;
const ACCOUNT_RE = /^[A-Za-z0-9_-]{4,14}$/;
const NUMBER_RE = /^\d{1,20}$/;
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const isPhone = (value: string): boolean => PHONE_RE.test(value);

/** The 11-digit national number without the +86/0086 prefix. */
export const normalizePhone = (value: string): string => value.replace(/^(?:\+86|0086)/, '');

/** First 3 digits, ****, last 4 (spec §5). */
export const maskPhone = (value: string): string => {
  const phone = normalizePhone(value);
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
};

export const isSmsCode = (value: string): boolean => SMS_CODE_RE.test(value);
/** 6 to 21 characters of any kind (counted as code points). */
export const isPassword = (value: string): boolean => {
  const length = [...value].length;
  return length >= 6 && length <= 21;
};
export const isAccount = (value: string): boolean => ACCOUNT_RE.test(value);
export const isNumberText = (value: string): boolean => NUMBER_RE.test(value);

/**
 * What a "phone or account" field holds (password login): a phone when it looks like one (a +/00 prefix, or 1
 * followed by 10 or more digits), else an account name. Each is then validated by its own rule.
 */
export const loginNameKind = (value: string): 'phone' | 'account' =>
  /^(?:\+|00)\d/.test(value) || /^1\d{10,}$/.test(value) ? 'phone' : 'account';

/** The validation message key of a phone-or-account value, or undefined when it is a valid one of the two. */
export const loginNameError = (value: string): 'invalid_phone' | 'invalid_account' | undefined => {
  if (loginNameKind(value) === 'phone') return isPhone(value) ? undefined : 'invalid_phone';
  return isAccount(value) ? undefined : 'invalid_account';
};
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_RE.test(value);

const isRealDate = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643 check character of the first 17 digits. */
export const idCardCheckChar = (first17: string): string => {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
};

/**
 * Chinese resident ID number: 18 digits with a real birth date (not in the future) and the GB 11643 check
 * character (digit or X), or the old 15-digit form with a real date in the 1900s.
 */
export const isIdCard = (raw: string, now: Date = new Date()): boolean => {
  const value = raw.toUpperCase();
  if (/^\d{17}[\dX]$/.test(value)) {
    const year = Number(value.slice(6, 10));
    const month = Number(value.slice(10, 12));
    const day = Number(value.slice(12, 14));
    if (year < 1800 || !isRealDate(year, month, day)) return false;
    if (Date.UTC(year, month - 1, day) > now.getTime()) return false;
    return idCardCheckChar(value.slice(0, 17)) === value[17];
  }
  if (/^\d{15}$/.test(value)) {
    const year = 1900 + Number(value.slice(6, 8));
    return isRealDate(year, Number(value.slice(8, 10)), Number(value.slice(10, 12)));
  }
  return false;
};

/** Masked ID number for display: first 3 and last 4 characters. */
export const maskIdCard = (value: string): string =>
  value.length > 7
    ? `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`
    : '*'.repeat(value.length);

// Zod schemas: messages are stable keys; the server and the web app translate them.
export const phoneSchema = z.string().trim().refine(isPhone, 'invalid_phone');
export const smsCodeSchema = z.string().trim().refine(isSmsCode, 'invalid_sms_code');
export const passwordSchema = z.string().refine(isPassword, 'invalid_password');
export const loginNameSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = loginNameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export const idCardSchema = z
  .string()
  .trim()
  .refine((v) => isIdCard(v), 'invalid_id_card');

/**
 * True when text holds what PostgreSQL cannot store: a NUL character (text and jsonb refuse it) or a lone UTF-16
 * surrogate (jsonb refuses its `\ud800` escape; text would silently turn it into U+FFFD).
 */
export const hasUnstorableText = (text: string): boolean =>
  text.includes('\u0000') ||
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/**
 * Where a request value carries unstorable text (NUL or a lone surrogate), as field paths (`a.b.0`). One rule for
 * every string the API takes, whatever its schema says: no text field has a use for either, and refusing them (rather
 * than cleaning them) keeps what was sent and what was stored the same. Callers bound the value's depth first.
 */
export const unstorableTextPaths = (value: unknown, at: string[] = []): string[] => {
  if (typeof value === 'string') return hasUnstorableText(value) ? [at.join('.') || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableTextPaths(item, [...at, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      unstorableTextPaths(item, [...at, key]).concat(hasUnstorableText(key) ? [[...at, key].join('.')] : []),
    );
  }
  return [];
};
