import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Work folders of jobs (a render's `video-*`, a storyboard scene's `scene-*`, the aligner's `align-*`), named
 * after the process that made them so that a sweep can tell whose they are: `<label>-<pid>.<start>-<random>`,
 * where `start` is when that process started (a pid reused after a crash is another process). A folder no
 * running job owns (its process is gone, or it is this process's and no job of it holds it) is removed by the
 * sweep each process runs at start and every few minutes; a running process's folders are left alone.
 */
export const WORK_DIR_PREFIXES = ['video-', 'scene-', 'align-'] as const;

/** Folders of the old naming (no owner in the name) are removed once they are this old. */
const UNOWNED_GRACE_MS = 60 * 60 * 1000;
const OWNED = /-(\d+)\.(\d+)-[0-9a-f]{8}$/;

/** When a process started (clock ticks since boot, /proc/<pid>/stat field 22), or null off Linux or when gone. */
const processStart = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const OWNER = `${process.pid}.${processStart(process.pid) ?? '0'}`;
/** This process's folders that a job is working in now. */
const live = new Set<string>();

/** Makes `<root>/<label>-<owner>-<random>` (label starting with one of WORK_DIR_PREFIXES), held until released. */
export const makeWorkDir = async (root: string, label: string): Promise<string> => {
  const dir = path.join(root, `${label}-${OWNER}-${randomUUID().slice(0, 8)}`);
  live.add(dir);
  await mkdir(dir, { recursive: true });
  return dir;
};

/** Removes a work folder once its job is done with it. */
export const releaseWorkDir = async (dir: string): Promise<void> => {
  try {
    await rm(dir, { recursive: true, force: true });
  } finally {
    live.delete(dir);
  }
};

/** Whether the process named by a folder's owner (`pid.start`) is running now. */
const ownerRunning = (pid: number, start: string): boolean => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = processStart(pid);
  return now === null || start === '0' || now === start;
};

/** Whether a work folder belongs to a running job (or may: an unowned one younger than the grace). */
const owned = async (dir: string, name: string, now: number): Promise<boolean> => {
  if (live.has(dir)) return true;
  const match = OWNED.exec(name);
  if (match) {
    if (`${match[1]}.${match[2]}` === OWNER) return false;
    return ownerRunning(Number(match[1]), match[2]!);
  }
  const info = await stat(dir).catch(() => null);
  return !!info && now - info.mtimeMs < UNOWNED_GRACE_MS;
};

/** Removes the work folders under `roots` that no running job owns; answers the folders removed. */
export const sweepWorkDirs = async (roots: string[], now = Date.now()): Promise<string[]> => {
  const removed: string[] = [];
  for (const root of new Set(roots)) {
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || !WORK_DIR_PREFIXES.some((p) => entry.name.startsWith(p))) continue;
      const dir = path.join(root, entry.name);
      if (await owned(dir, entry.name, now)) continue;
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      removed.push(dir);
    }
  }
  return removed;
};

/**
 * Sweeps `roots` now and every `intervalMs` in this process (work folders live on this machine, so each process
 * sweeps its own; whose a folder is comes from its name, so sweeps of several processes agree). Answers stop.
 */
export const startWorkDirSweeps = (
  roots: string[],
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  intervalMs = 10 * 60 * 1000,
): (() => void) => {
  const sweep = () =>
    sweepWorkDirs(roots).then(
      (removed) => {
        if (removed.length) log.info({ removed }, 'work folders left by ended jobs removed');
      },
      (err: unknown) => log.warn({ err }, 'work folder sweep failed'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
