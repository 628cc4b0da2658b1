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
  /**
   * A stream of the object, or null when it does not exist. With a `range` it can serve, only those bytes
   * (`range` in the answer then says which; `size` is always the whole object's); one it cannot, the whole.
   */
  read(key: string, visibility: Visibility, range?: ByteRange | null): Promise<StoredObject | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder, ending in `/`): key, size, last written. */
  list(prefix: string, visibility: Visibility): Promise<ListedObject[]>;
  /** Plain URL of a public object. */
  publicUrl(key: string): string;
  /** Throws when the store cannot take writes now (unreachable, read-only, full): `/readyz` asks. */
  check(): Promise<void>;
}

export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Bytes `start` to `end` (inclusive; to the last byte when absent) of an object. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  stream: Readable;
  size?: number;
  contentType?: string;
  /** The bytes the stream holds when a range was asked for and served. */
  range?: { start: number; end: number };
}

/**
 * The one range of an HTTP `Range` header a media player asks for (`bytes=a-b`, `bytes=a-`), or null (no
 * header, several ranges, a suffix range, nonsense: the whole object is answered, as HTTP allows).
 */
export const parseRangeHeader = (header: string | undefined): ByteRange | null => {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end !== undefined && end < start ? null : { start, ...(end !== undefined ? { end } : {}) };
};

/** A range clamped to an object of `size` bytes, or null when none of it is inside. */
export const clampRange = (range: ByteRange, size: number): { start: number; end: number } | null =>
  range.start < size ? { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) } : null;

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
