import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';

export type Visibility = 'public' | 'private';

/** Where file bytes live; local disk by default, any S3-compatible store by configuration. */
export interface StorageBackend {
  readonly kind: 'local' | 's3';
  /** Stores bytes (a Buffer, or the path of a local file to copy/stream). */
  put(
    key: string,
    visibility: Visibility,
    body: Buffer | { path: string },
    contentType: string,
  ): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  read(
    key: string,
    visibility: Visibility,
  ): Promise<{ stream: Readable; size?: number; contentType?: string } | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  /** Plain URL of a public object. */
  publicUrl(key: string): string;
  /** Throws when the store cannot take writes now (unreachable, read-only, full): `/readyz` asks. */
  check(): Promise<void>;
}

/** Keys are relative paths of safe segments: no `..`, no leading slash, no backslash. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;
export const isSafeKey = (key: string): boolean =>
  key.length <= 300 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s === '..' || s === '.');

export const assertSafeKey = (key: string): void => {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
};

/** Lifetime of a signed link to a private file (spec §9: temp links 600 s). */
export const SIGNED_URL_TTL_SECONDS = 600;
export const PRIVATE_FILE_PREFIX = '/files/private/';
export const PUBLIC_FILE_PREFIX = '/files/public/';

/** HMAC-SHA256 links to private files: `/files/private/<key>?expires=<unix s>&sig=<base64url>`. */
export const createUrlSigner = (secret: string) => {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    sign(key: string, now: Date, ttlSeconds = SIGNED_URL_TTL_SECONDS): string {
      assertSafeKey(key);
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return `${PRIVATE_FILE_PREFIX}${key}?expires=${expires}&sig=${mac(key, expires)}`;
    },
    /** True when the signature is right and `now` is before the expiry. */
    verify(key: string, expires: number, sig: string, now: Date): boolean {
      if (!isSafeKey(key) || !Number.isSafeInteger(expires)) return false;
      if (Math.floor(now.getTime() / 1000) >= expires) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
};
export type UrlSigner = ReturnType<typeof createUrlSigner>;
