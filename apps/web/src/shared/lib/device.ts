import { APP_VERSION, APP_VERSION_CODE } from '@app/contract';
import { APP_VARIANT } from '../config/app';
import { storage, StorageKey } from './storage';

const randomId = (): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** This browser's device id: made once and kept in local storage (a private window or cleared storage gets another). */
export const deviceId = (): string => {
  const kept = storage.get<string>(StorageKey.deviceId);
  if (typeof kept === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const made = randomId();
  storage.set(StorageKey.deviceId, made);
  return made;
};

/** Device and OS info sent with every call (spec §7 headers) and in error reports (spec §3 log report). */
export const detectOs = (ua: string = globalThis.navigator?.userAgent ?? ''): string => {
  if (/android/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios';
  if (/harmonyos/i.test(ua)) return 'harmony';
  if (/windows/i.test(ua)) return 'windows';
  if (/mac os/i.test(ua)) return 'macos';
  if (/linux/i.test(ua)) return 'linux';
  return 'unknown';
};

export const detectBrowser = (ua: string = globalThis.navigator?.userAgent ?? ''): string => {
  const match =
    /(MicroMessenger|Edg|OPR|Chrome|CriOS|Firefox|FxiOS|Version)\/([\d.]+)/.exec(ua) ?? undefined;
  if (!match) return 'unknown';
  const name = match[1] === 'Version' ? 'Safari' : match[1] === 'Edg' ? 'Edge' : match[1];
  return `${name} ${match[2]}`;
};

export const deviceHeaders = (): Record<string, string> => ({
  'X-Device-Os': detectOs(),
  'X-Device-Platform': 'h5',
  'X-App-Variant': APP_VARIANT,
  'X-App-Version': APP_VERSION,
  'X-App-Version-Code': String(APP_VERSION_CODE),
  'X-Device-Id': deviceId(),
});
