import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** A PEM string, a bare base64 DER body (as the Alipay console shows keys), or a ready KeyObject. */
export type KeyLike = string | KeyObject;

const isPem = (key: string) => key.includes('-----BEGIN');
const der = (key: string) => Buffer.from(key.replace(/\s+/g, ''), 'base64');

export const toPrivateKey = (key: KeyLike): KeyObject => {
  if (typeof key !== 'string') return key;
  if (isPem(key)) return createPrivateKey(key);
  try {
    return createPrivateKey({ key: der(key), format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der(key), format: 'der', type: 'pkcs1' });
  }
};

export const toPublicKey = (key: KeyLike): KeyObject => {
  if (typeof key !== 'string') return key.type === 'private' ? createPublicKey(key) : key;
  // A PEM certificate (the older WeChat Pay platform certificates) works too: its public key is used.
  if (isPem(key)) return createPublicKey(key);
  try {
    return createPublicKey({ key: der(key), format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der(key), format: 'der', type: 'pkcs1' });
  }
};

/** Integer fen → "12.34" yuan, without floating point. */
export const fenToYuan = (fen: number): string => {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError(`amount must be a non-negative integer of fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
};

/** "12.34" / "12.3" / "12" yuan → integer fen, without floating point; NaN when not a money amount. */
export const yuanToFen = (yuan: string): number => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

/**
 * Beijing time (UTC+8, no daylight saving) formatted for the payment APIs:
 * `rfc3339` → 2025-01-02T11:04:05+08:00 (WeChat Pay time_expire), `plain` → 2025-01-02 11:04:05 (Alipay timestamp).
 */
export const beijingTime = (date: Date, style: 'rfc3339' | 'plain'): string => {
  const iso = new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return style === 'rfc3339' ? `${iso}+08:00` : iso.replace('T', ' ');
};
