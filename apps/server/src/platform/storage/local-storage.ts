import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, clampRange, type ListedObject, type StorageBackend, type Visibility } from './storage.js';

/**
 * Files on local disk: public ones under DATA_DIR/uploads (served as static files at `/uploads/`), private
 * ones under DATA_DIR/private (never served directly; only through signed links).
 */
export const createLocalStorage = (dataDir: string): StorageBackend => {
  const roots: Record<Visibility, string> = {
    public: path.join(dataDir, 'uploads'),
    private: path.join(dataDir, 'private'),
  };
  const fileOf = (key: string, visibility: Visibility) => {
    assertSafeKey(key);
    const root = roots[visibility];
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`key escapes the storage root: ${key}`);
    return file;
  };

  return {
    kind: 'local',
    async put(key, visibility, body) {
      const file = fileOf(key, visibility);
      await mkdir(path.dirname(file), { recursive: true });
      // Private files (ID cards, unpublished works) are readable by the server's user only.
      const mode = visibility === 'private' ? 0o600 : 0o644;
      if (Buffer.isBuffer(body)) {
        await writeFile(file, body, { mode });
      } else {
        // Same filesystem: a rename; otherwise a copy.
        await rename(body.path, file).catch(() => copyFile(body.path, file));
      }
      await chmod(file, mode);
    },
    async read(key, visibility, range) {
      const file = fileOf(key, visibility);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const part = range ? clampRange(range, info.size) : null;
        return part
          ? { stream: createReadStream(file, part), size: info.size, range: part }
          : { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key, visibility) {
      await unlink(fileOf(key, visibility)).catch(() => undefined);
    },
    async list(prefix, visibility) {
      const root = roots[visibility];
      // The folder the prefix names, checked as a key is.
      const folder = path.dirname(fileOf(`${prefix.replace(/\/+$/, '')}/x`, visibility));
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: ListedObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        found.push({ key, size: info.size, modifiedAt: info.mtime });
      }
      return found;
    },
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/uploads/${key}`;
    },
    async check() {
      for (const root of Object.values(roots)) {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      }
    },
  };
};
