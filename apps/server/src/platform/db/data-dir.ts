import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
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
}

const ownerStillRuns = (owner: LockOwner): boolean => {
  if (!isAlive(owner.pid)) return false;
  const now = startTimeOf(owner.pid);
  return owner.startTime === null || now === null || now === owner.startTime;
};

/**
 * One process per embedded database: two servers on one DATA_DIR would each open the same PGlite files and
 * lose each other's writes. The lock file names its owner (pid and start time); a lock left by a process that
 * no longer runs (kill -9, power loss) is taken over.
 */
export const lockDataDir = (dataDir: string): { release(): void } => {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, startTime: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: LockOwner | null = null;
      try {
        owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
      } catch {
        owner = null; // half-written by a process that died while taking it
      }
      if (owner && Number.isInteger(owner.pid) && ownerStillRuns(owner))
        throw new ConfigError(
          `DATA_DIR ${dataDir} is already in use by another server (pid ${owner.pid}): stop it first or choose another DATA_DIR`,
        );
      unlinkSync(file);
    }
  }
  throw new ConfigError(`DATA_DIR ${dataDir}: could not take its lock (${file})`);
};

/** True when a running server holds DATA_DIR (backup and restore refuse then). */
export const dataDirInUse = (dataDir: string): LockOwner | null => {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
    return ownerStillRuns(owner) ? owner : null;
  } catch {
    return null;
  }
};
