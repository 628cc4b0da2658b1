import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PictureFlag } from '@app/contract';
import type { Config } from '../../config.js';
import { shanghaiDate, type Clock } from '../clock.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { files } from './file.table.js';
import { cleanFileName } from './multipart.js';
import {
  addUploadUsage,
  countsAsUpload,
  releaseUploadUsage,
  type UploadLimits,
  type UploadRefusal,
} from './upload-usage.js';
import {
  assertSafeKey,
  createUrlSigner,
  isSafeKey,
  PRIVATE_FILE_PREFIX,
  PUBLIC_FILE_PREFIX,
  type ByteRange,
  type StorageBackend,
  type StoredObject,
  type UrlSigner,
  type Visibility,
} from './storage.js';

export type MediaKind = 'image' | 'audio' | 'video';

export interface SaveFileInput {
  tenantId: number;
  userId: number | null;
  /** Top folder of the key: an upload class (`general`…) or a producer (`generated`, `idcard`…). */
  category: string;
  /** Folder of the key when the producer keeps its own layout (e.g. `idcards/<uid>`); default `<category>/<yyyy>/<mm>`. */
  folder?: string;
  visibility: Visibility;
  body: Buffer | { path: string };
  ext: string;
  mime: string;
  kind: MediaKind;
  size: number;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  originalName?: string | null;
  /** An upload's limits: its row and its owner's usage go in one transaction, refused past either limit. */
  limits?: UploadLimits;
  /** A picture the moderation flagged for review (kept; what uses it waits for an operator). */
  moderation?: PictureFlag | null;
}

/** An upload its owner's storage quota or daily volume had no room for (nothing was stored). */
export class UploadLimitError extends Error {
  constructor(readonly limit: UploadRefusal) {
    super(`upload refused by the ${limit} limit`);
  }
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

const rowOf = (input: SaveFileInput, key: string, now: Date): typeof files.$inferInsert => ({
  tenantId: input.tenantId,
  userId: input.userId,
  storageKey: key,
  visibility: input.visibility,
  category: input.category,
  kind: input.kind,
  mime: input.mime,
  size: input.size,
  width: input.width ?? null,
  height: input.height ?? null,
  duration: input.duration ?? null,
  originalName: cleanFileName(input.originalName),
  moderation: input.moderation ?? null,
  createdAt: now,
});

export interface SavedFile {
  id: number;
  key: string;
  visibility: Visibility;
  /** Plain URL (public) or a signed link valid 600 s (private). */
  url: string;
}

/**
 * The storage service other modules use (Platform.storage): store generated media or uploads, get a URL for a
 * stored file (signed when private), read it back, and recognise our own URLs.
 */
export const createFileStorage = (deps: {
  backend: StorageBackend;
  signer: UrlSigner;
  db: Db;
  clock: Clock;
}) => {
  const { backend, signer, db, clock } = deps;

  const urlFor = (key: string, visibility: Visibility) =>
    visibility === 'public' ? backend.publicUrl(key) : signer.sign(key, clock.now());

  return {
    backend,
    urlFor,
    /** A link to a private file valid for 600 s from now. */
    signedUrl: (key: string) => signer.sign(key, clock.now()),
    verifySignedUrl: (key: string, expires: number, sig: string) =>
      signer.verify(key, expires, sig, clock.now()),

    async save(input: SaveFileInput): Promise<SavedFile> {
      const now = clock.now();
      const month = now.toISOString().slice(0, 7).replace('-', '/');
      const folder = input.folder ?? `${input.category.replace(/[^a-z0-9-]/gi, '') || 'files'}/${month}`;
      const key = `${folder}/${randomUUID()}.${input.ext.replace(/[^a-z0-9]/gi, '')}`;
      assertSafeKey(key);
      // The object first, then its row; a row that cannot be written takes the object back with it, so neither
      // a file without its row (public at its URL, owned by no one) nor a row without its file stays behind. Not one
      // transaction: copying a large video must not hold a database connection (PGlite has only one).
      await backend.put(key, input.visibility, input.body, input.mime);
      let row: { id: number } | undefined;
      let refused: UploadRefusal | null = null;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(files).values(rowOf(input, key, now)).returning({ id: files.id });
          if (countsAsUpload(input.category, input.userId)) {
            const owner = { tenantId: input.tenantId, userId: input.userId };
            const limits = input.limits ?? { storageBytes: UNLIMITED, dailyBytes: UNLIMITED, day: shanghaiDate(now) };
            refused = await addUploadUsage(tx, owner, input.size, limits);
            if (refused) tx.rollback();
          }
          return inserted;
        });
      } catch (err) {
        await backend.delete(key, input.visibility).catch(() => undefined);
        if (refused) throw new UploadLimitError(refused);
        throw err;
      }
      return { id: row!.id, key, visibility: input.visibility, url: urlFor(key, input.visibility) };
    },

    /** A stored object's bytes (only `range` of them when given and servable: see StorageBackend.read). */
    read: (key: string, visibility: Visibility, range?: ByteRange | null): Promise<StoredObject | null> =>
      backend.read(key, visibility, range),

    /**
     * Copies a stored object to the other visibility under the same key (a private video's public copy when it
     * is shared; an old public one made private), streamed through a temporary file. False when the source is
     * missing.
     */
    async copyTo(key: string, from: Visibility, to: Visibility, contentType: string): Promise<boolean> {
      const source = await backend.read(key, from);
      if (!source) return false;
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-copy-'));
      try {
        const file = path.join(dir, 'object');
        await pipeline(source.stream, createWriteStream(file));
        await backend.put(key, to, { path: file }, contentType);
        return true;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /**
     * Deletes a stored file: the object (a missing one is fine) and its `sys_file` row. The caller decides that
     * nothing refers to it any more.
     */
    async remove(key: string, visibility: Visibility): Promise<void> {
      await backend.delete(key, visibility);
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(files).where(eq(files.storageKey, key)).returning();
        if (gone && countsAsUpload(gone.category, gone.userId))
          await releaseUploadUsage(tx, { tenantId: gone.tenantId, userId: gone.userId }, gone.size);
      });
    },

    /**
     * The images among these files (by id or storage key) that this user uploaded in this tenant: uploads keep
     * their owner, and `kind` is what the upload's bytes were recognised as, so a renamed PDF is not an image.
     */
    ownImages: async (
      tenantId: number,
      userId: number,
      match: { ids: number[] } | { keys: string[] },
    ): Promise<{ id: number; key: string; visibility: Visibility }[]> => {
      const among = 'ids' in match ? inArray(files.id, match.ids) : inArray(files.storageKey, match.keys);
      if (('ids' in match ? match.ids : match.keys).length === 0) return [];
      const rows = await db
        .select({ id: files.id, key: files.storageKey, visibility: files.visibility })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.userId, userId), eq(files.kind, 'image'), among));
      return rows.map((r) => ({ ...r, visibility: r.visibility === 'private' ? 'private' : 'public' }));
    },

    /** A file this user uploaded in this tenant, by id (someone else's, or none: undefined). */
    ownFile: async (tenantId: number, userId: number, id: number) => {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.userId, userId), eq(files.id, id)))
        .limit(1);
      return row && { ...row, visibility: (row.visibility === 'private' ? 'private' : 'public') as Visibility };
    },

    /** The moderation's flag on stored pictures, by storage key (keys of unflagged or unknown files are absent). */
    flagsOf: async (keys: string[]): Promise<Map<string, PictureFlag>> => {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: files.storageKey, moderation: files.moderation })
        .from(files)
        .where(inArray(files.storageKey, [...new Set(keys)]));
      return new Map(rows.flatMap((r) => (r.moderation ? [[r.key, r.moderation] as const] : [])));
    },

    /** URLs of stored files by id (a missing file has none). */
    urlsById: async (ids: number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: files.id, key: files.storageKey, visibility: files.visibility })
        .from(files)
        .where(inArray(files.id, [...new Set(ids)]));
      return new Map(rows.map((f) => [f.id, urlFor(f.key, f.visibility as Visibility)]));
    },

    /**
     * The stored file a URL points at, when it is one of ours: `/uploads/<key>`, `/files/public/<key>`, the
     * configured public base, or a valid (unexpired) signed private link. Anything else is null: other hosts,
     * traversal attempts, bad signatures.
     */
    resolveOwnUrl(raw: string, ownOrigins: string[]): { key: string; visibility: Visibility } | null {
      let url: URL;
      try {
        url = new URL(raw, 'http://own.invalid');
      } catch {
        return null;
      }
      const origin = url.origin === 'http://own.invalid' ? null : url.origin;
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return null;
      }
      const publicBase = backend.publicUrl('x/x').replace(/x\/x$/, '');
      const candidates: [string, Visibility][] = [
        ['/uploads/', 'public'],
        [PUBLIC_FILE_PREFIX, 'public'],
        [PRIVATE_FILE_PREFIX, 'private'],
      ];
      if (publicBase.startsWith('http')) {
        const base = new URL(publicBase);
        if (origin === base.origin && pathname.startsWith(base.pathname)) {
          const key = pathname.slice(base.pathname.length);
          return isSafeKey(key) ? { key, visibility: 'public' } : null;
        }
      }
      if (origin !== null && !ownOrigins.includes(origin)) return null;
      for (const [prefix, visibility] of candidates) {
        if (!pathname.startsWith(prefix)) continue;
        const key = pathname.slice(prefix.length);
        if (!isSafeKey(key)) return null;
        if (visibility === 'private') {
          const expires = Number(url.searchParams.get('expires'));
          const sig = url.searchParams.get('sig') ?? '';
          if (!signer.verify(key, expires, sig, clock.now())) return null;
        }
        return { key, visibility };
      }
      return null;
    },
  };
};
export type FileStorage = ReturnType<typeof createFileStorage>;

/** The storage service the app uses: S3-compatible when S3_BUCKET is set, else local disk under DATA_DIR. */
export const createPlatformStorage = (deps: {
  config: Config;
  dataDir: string;
  /** Signs private files' URLs (platform.secrets.fileUrl). */
  urlSecret: string;
  db: Db;
  clock: Clock;
}) => {
  const { config } = deps;
  const backend = config.S3_BUCKET
    ? createS3Storage({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
      })
    : createLocalStorage(deps.dataDir);
  const signer = createUrlSigner(deps.urlSecret);
  return createFileStorage({ backend, signer, db: deps.db, clock: deps.clock });
};
