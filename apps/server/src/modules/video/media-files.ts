import { createWriteStream, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../../platform/storage/file-storage.js';

/** The server's static folder (`/static/…`), beside src/ and dist/. */
const STATIC_ROOT = fileURLToPath(new URL('../../../static/', import.meta.url));

/**
 * A local file for a picture or music address the product serves: a `/static/…` asset, or one of our stored
 * files (copied into `dir`). Null for anything else (other hosts are never fetched).
 */
export const localFileFor = async (
  url: string,
  dir: string,
  storage: Pick<FileStorage, 'resolveOwnUrl' | 'read'>,
): Promise<string | null> => {
  if (url.startsWith('/static/')) {
    const file = path.resolve(STATIC_ROOT, decodeURIComponent(url.slice('/static/'.length).split('?')[0]!));
    return file.startsWith(STATIC_ROOT) && existsSync(file) ? file : null;
  }
  const own = storage.resolveOwnUrl(url, []);
  if (!own) return null;
  const stored = await storage.read(own.key, own.visibility);
  if (!stored) return null;
  const file = path.join(dir, `${randomUUID()}${path.extname(own.key)}`);
  await pipeline(stored.stream, createWriteStream(file));
  return file;
};
