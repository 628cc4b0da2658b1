import { createWriteStream, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';

/** The server's static folder (`/static/…`), beside src/ and dist/. */
const STATIC_ROOT = fileURLToPath(new URL('../../../static/', import.meta.url));

/** The file of a `/static/…` address the product serves; null for another address or a missing file. */
export const staticFileFor = (url: string): string | null => {
  if (!url.startsWith('/static/')) return null;
  const file = path.resolve(STATIC_ROOT, decodeURIComponent(url.slice('/static/'.length).split('?')[0]!));
  return file.startsWith(STATIC_ROOT) && existsSync(file) ? file : null;
};

/**
 * A local file for a picture or music address the product serves: a `/static/…` asset, or one of our stored
 * files (copied into `dir`). Null for anything else (other hosts are never fetched).
 */
export const localFileFor = async (
  url: string,
  dir: string,
  storage: Pick<FileStorage, 'resolveOwnUrl' | 'read'>,
): Promise<string | null> => {
  if (url.startsWith('/static/')) return staticFileFor(url);
  const own = storage.resolveOwnUrl(url, []);
  return own ? localCopyOf(own, dir, storage) : null;
};

/** A local copy (in `dir`) of one of our stored files; null when it is gone. */
export const localCopyOf = async (
  stored: { key: string; visibility: Visibility },
  dir: string,
  storage: Pick<FileStorage, 'read'>,
): Promise<string | null> => {
  const read = await storage.read(stored.key, stored.visibility);
  if (!read) return null;
  const file = path.join(dir, `${randomUUID()}${path.extname(stored.key)}`);
  await pipeline(read.stream, createWriteStream(file));
  return file;
};
