import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, testConfig } from '../../config.js';
import { createLocalStorage } from '../storage/local-storage.js';
import { assertDataDirWritable, dataDirInUse, lockDataDir } from './data-dir.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR', () => {
  it('a second server on the same embedded DATA_DIR refuses to start with one line; after the first stops, it starts', async () => {
    const dataDir = freshDir();
    const config = testConfig({ DATA_DIR: dataDir, PGLITE_IN_MEMORY: false, DATABASE_URL: undefined });
    const first = await buildApp(config);
    const second = await buildApp(config).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(ConfigError);
    expect((second as Error).message).toBe(
      `DATA_DIR ${dataDir} is already in use by another server (pid ${process.pid}): stop it first or choose another DATA_DIR`,
    );
    expect(dataDirInUse(dataDir)?.pid).toBe(process.pid);
    await first.close();
    expect(dataDirInUse(dataDir)).toBeNull();
    const again = await buildApp(config);
    await again.close();
  });

  it('a lock left by a process that died (kill -9) is taken over', () => {
    const dataDir = freshDir();
    // pid 2^22 + 1 is above Linux's pid_max: no such process runs.
    writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: 4194305, startTime: '1' }));
    const lock = lockDataDir(dataDir);
    expect(dataDirInUse(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('a lock file that names no process (empty, as a starter mid-write left it before locks were linked whole) is not taken for stale', () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, 'server.lock'), '');
    expect(() => lockDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir}: its lock file ${path.join(dataDir, 'server.lock')} does not name a process; if no server uses this DATA_DIR, delete the file`,
    );
  });

  it('a DATA_DIR that cannot be written stops start-up naming it', () => {
    const parent = freshDir();
    const blocked = path.join(parent, 'not-a-directory');
    writeFileSync(blocked, 'a file where the directory should be');
    expect(() => assertDataDirWritable(blocked)).toThrow(
      new RegExp(`^DATA_DIR ${blocked} cannot be written \\((EEXIST|ENOTDIR)\\)`),
    );
  });

  it('private files are written readable by the owner only, public ones world-readable', async () => {
    const storage = createLocalStorage(freshDir());
    await storage.put('id/front.jpg', 'private', Buffer.from('id card'), 'image/jpeg');
    await storage.put('avatar/a.jpg', 'public', Buffer.from('avatar'), 'image/jpeg');
    const privateFile = path.join(dirs.at(-1)!, 'private', 'id', 'front.jpg');
    const publicFile = path.join(dirs.at(-1)!, 'uploads', 'avatar', 'a.jpg');
    expect(statSync(privateFile).mode & 0o777).toBe(0o600);
    expect(statSync(publicFile).mode & 0o777).toBe(0o644);
  });
});
