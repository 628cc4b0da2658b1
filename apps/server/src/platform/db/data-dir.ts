import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../config.js';

/**
 * DATA_DIR must take writes: a read-only or full disk stops start-up with one line naming it, rather than
 * failing later on the first upload or commit.
 */
export const assertDataDirWritable = (dataDir: string): void => {
  const probe = path.join(dataDir, `.write-probe-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new ConfigError(
      `DATA_DIR ${dataDir} cannot be written (${code ?? message}): free space or fix its permissions`,
    );
  }
};

const LOCK_FILE = 'server.lock';

/** The start time of a live process (Linux), so a recycled pid is not taken for the lock's owner. */
const startTimeOf = (pid: number): string | null => {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may contain spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

interface LockOwner {
  pid: number;
  startTime: string | null;
  /** Makes every lock file's content unique, so a removed lock can never be mistaken for a later one. */
  nonce?: string;
}

const ownerStillRuns = (owner: LockOwner): boolean => {
  if (!isAlive(owner.pid)) return false;
  const now = startTimeOf(owner.pid);
  return owner.startTime === null || now === null || now === owner.startTime;
};

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** A lock-like file's complete content, or null when it is gone. */
const readContent = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return null;
    throw error;
  }
};

const parseOwner = (content: string): LockOwner | null => {
  try {
    const owner = JSON.parse(content) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
};

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Creates `file` holding `content`, atomically and only if it does not exist: the content is written to a
 * private temporary file first and then hard-linked to the name, so nobody ever sees the name half-written.
 */
const createExclusive = (dir: string, file: string, content: string): boolean => {
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  writeFileSync(temporary, content, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
};

type Outcome = 'removed' | 'busy';

/**
 * Removes `file` if and only if it still holds `content` (which names a process that no longer runs).
 * Checking and then unlinking by name would race (another process may have removed the stale file and taken
 * the name in between), so the remover first takes a takeover token named after that exact content: only the
 * token's holder may remove a file with this content, and such content never reappears once removed, so what
 * the holder reads under the token cannot change before it unlinks. A token whose holder died is itself stale
 * and is removed the same way.
 */
const removeStale = (dir: string, file: string, content: string, depth = 0): Outcome => {
  if (depth > 4) return 'busy';
  const token = `${file}.takeover-${createHash('sha256').update(content).digest('hex').slice(0, 32)}`;
  const me: LockOwner = { pid: process.pid, startTime: startTimeOf(process.pid), nonce: randomUUID() };
  const myToken = JSON.stringify(me);
  if (!createExclusive(dir, token, myToken)) {
    const held = readContent(token);
    if (held === null) return 'busy'; // its holder just finished: look again
    const holder = parseOwner(held);
    if (holder && ownerStillRuns(holder)) return 'busy';
    removeStale(dir, token, held, depth + 1);
    return 'busy';
  }
  try {
    if (readContent(file) === content) unlinkSync(file);
    return 'removed';
  } finally {
    // The content it guarded is gone for good, so the token is no longer needed.
    if (readContent(token) === myToken) unlinkSync(token);
  }
};

/**
 * One process per embedded database: two servers on one DATA_DIR would each open the same PGlite files and
 * lose each other's writes. The lock file names its owner (pid and start time) and is created whole in one
 * step (link of a written temporary file), so exactly one of any number of simultaneous starters wins. A lock
 * whose complete content names a process that no longer runs (kill -9, power loss) is taken over.
 */
export const lockDataDir = (dataDir: string): { release(): void } => {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, startTime: startTimeOf(process.pid), nonce: randomUUID() };
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(dataDir, file, mine)) {
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readContent(file) === mine) unlinkSync(file);
        },
      };
    }
    const content = readContent(file);
    if (content === null) continue; // released (or removed as stale) since: try again
    const owner = parseOwner(content);
    if (owner === null)
      throw new ConfigError(
        `DATA_DIR ${dataDir}: its lock file ${file} does not name a process; if no server uses this DATA_DIR, delete the file`,
      );
    if (ownerStillRuns(owner))
      throw new ConfigError(
        `DATA_DIR ${dataDir} is already in use by another server (pid ${owner.pid}): stop it first or choose another DATA_DIR`,
      );
    // Another starter is removing the same stale lock: give it a moment.
    if (removeStale(dataDir, file, content) === 'busy') sleepSync(2);
  }
  throw new ConfigError(`DATA_DIR ${dataDir}: could not take its lock (${file})`);
};

/** True when a running server holds DATA_DIR (backup and restore refuse then). */
export const dataDirInUse = (dataDir: string): LockOwner | null => {
  try {
    const owner = parseOwner(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    return owner && ownerStillRuns(owner) ? owner : null;
  } catch {
    return null;
  }
};
