import type { Readable } from 'node:stream';
import type { StorageBackend } from '../../platform/storage/storage.js';


const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
};

/**
 * The resized copies, in a store (a folder of local disk, or the S3 bucket) under `prefix`, private, at most
 * `maxBytes` in all: past it the least recently used copies are removed. The order of use is kept in memory,
 * started from what the store lists (by when each copy was written) the first time the cache is used.
 */
export const createResizeCache = (deps: {
  backend: Pick<StorageBackend, 'read' | 'put' | 'delete' | 'list'>;
  /** A folder of the store, ending in `/`. */
  prefix: string;
  maxBytes: number;
}) => {
  const { backend, prefix, maxBytes } = deps;
  const keyOf = (id: string) => `${prefix}${id.slice(0, 2)}/${id}`;
  /** id → bytes, least recently used first (a Map keeps insertion order; a use moves an id to the end). */
  const used = new Map<string, number>();
  let total = 0;

  const forget = (id: string) => {
    const size = used.get(id);
    if (size === undefined) return;
    used.delete(id);
    total -= size;
  };
  const remember = (id: string, size: number) => {
    forget(id);
    used.set(id, size);
    total += size;
  };
  const evict = async () => {
    while (total > maxBytes && used.size) {
      const [oldest] = used.keys();
      forget(oldest!);
      await backend.delete(keyOf(oldest!), 'private').catch(() => undefined);
    }
  };

  let loaded: Promise<void> | undefined;
  const load = () =>
    (loaded ??= (async () => {
      const stored = await backend.list(prefix, 'private');
      stored.sort((a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime());
      for (const object of stored) remember(object.key.slice(object.key.lastIndexOf('/') + 1), object.size);
      await evict();
    })().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));

  return {
    /** A cached copy (now the most recently used), or null. */
    async get(id: string): Promise<Buffer | null> {
      await load();
      if (!used.has(id)) return null;
      const object = await backend.read(keyOf(id), 'private');
      if (!object) {
        forget(id);
        return null;
      }
      remember(id, used.get(id)!);
      return readAll(object.stream);
    },

    /** Keeps a copy, then removes the least recently used ones past the cap. */
    async put(id: string, data: Buffer, contentType: string): Promise<void> {
      await load();
      if (data.length > maxBytes) return;
      await backend.put(keyOf(id), 'private', data, contentType);
      remember(id, data.length);
      await evict();
    },

    /** How many copies and bytes the cache holds (as this process knows it). */
    size: () => ({ files: used.size, bytes: total }),
  };
};
export type ResizeCache = ReturnType<typeof createResizeCache>;
