import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError } from '../../config.js';
import { lockDataDir } from './data-dir.js';

/** What a backup holds besides the database: the files and the secrets that sign tokens and links. */
const FILE_ENTRIES = ['uploads', 'private', 'secrets.json'];
const DATABASE_ARCHIVE = 'database.tar.gz';
const MANIFEST = 'manifest.json';

const tar = (args: string[]) => {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`tar ${args[0]} failed: ${result.stderr || result.error?.message}`);
};

/** Runs `work` holding DATA_DIR's lock: backup and restore never run beside a server on the same data. */
const whileLocked = async <T>(dataDir: string, work: () => Promise<T>): Promise<T> => {
  let lock: { release(): void };
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof ConfigError)
      throw new ConfigError(`${error.message.split(':')[0]}: stop the server, then run this again`);
    throw error;
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
};

/**
 * Writes a consistent copy of the embedded database (PGlite's own dump, taken after it has opened and
 * recovered) and of the files into one `.tar.gz`. Returns the archive's path.
 */
export const backupDataDir = async (dataDir: string, archive: string): Promise<string> =>
  whileLocked(dataDir, async () => {
    const pgliteDir = path.join(dataDir, 'pglite');
    if (!existsSync(pgliteDir))
      throw new ConfigError(`DATA_DIR ${dataDir} holds no embedded database to back up`);
    const staging = mkdtempSync(path.join(tmpdir(), 'backup-'));
    try {
      const db = await PGlite.create(pgliteDir);
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      writeFileSync(path.join(staging, DATABASE_ARCHIVE), Buffer.from(await dump.arrayBuffer()));
      for (const entry of FILE_ENTRIES) {
        const from = path.join(dataDir, entry);
        if (existsSync(from))
          cpSync(from, path.join(staging, entry), { recursive: true, preserveTimestamps: true });
      }
      writeFileSync(
        path.join(staging, MANIFEST),
        JSON.stringify({ format: 1, createdAt: new Date().toISOString() }),
      );
      mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
      tar(['-czf', path.resolve(archive), '-C', staging, '.']);
      // It holds the secrets that sign tokens and the private files (ID cards): the owner's eyes only.
      chmodSync(path.resolve(archive), 0o600);
      return path.resolve(archive);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  });

/**
 * Brings a backup back into DATA_DIR. What DATA_DIR held before is moved aside (never deleted) to
 * `<DATA_DIR>/before-restore-<time>`. Returns that folder.
 */
export const restoreDataDir = async (dataDir: string, archive: string): Promise<string> => {
  if (!existsSync(archive)) throw new ConfigError(`backup ${archive} does not exist`);
  mkdirSync(dataDir, { recursive: true });
  return whileLocked(dataDir, async () => {
    const staging = mkdtempSync(path.join(tmpdir(), 'restore-'));
    try {
      tar(['-xzf', path.resolve(archive), '-C', staging]);
      if (!existsSync(path.join(staging, MANIFEST)) || !existsSync(path.join(staging, DATABASE_ARCHIVE)))
        throw new ConfigError(`${archive} is not a backup made by npm run backup`);
      // Load the dump into a fresh database folder first: a broken archive leaves DATA_DIR untouched.
      const restoredDb = path.join(staging, 'pglite');
      // The type tells PGlite the dump is gzipped (as dumpDataDir('gzip') wrote it).
      const dump = new Blob([readFileSync(path.join(staging, DATABASE_ARCHIVE))], {
        type: 'application/x-gzip',
      });
      const db = await PGlite.create(restoredDb, { loadDataDir: dump });
      await db.query('select 1');
      await db.close();

      const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(aside);
      for (const entry of ['pglite', ...FILE_ENTRIES]) {
        const current = path.join(dataDir, entry);
        if (existsSync(current)) renameSync(current, path.join(aside, entry));
      }
      cpSync(restoredDb, path.join(dataDir, 'pglite'), { recursive: true });
      for (const entry of FILE_ENTRIES) {
        const from = path.join(staging, entry);
        if (existsSync(from))
          cpSync(from, path.join(dataDir, entry), { recursive: true, preserveTimestamps: true });
      }
      return aside;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  });
};
