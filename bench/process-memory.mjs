// Resident memory of a process and the processes below it (ffmpeg, espeak-ng…), read from /proc: what the media
// benches sample while they run.
import { readdirSync, readFileSync } from 'node:fs';

/** VmRSS of one process in KB (0 once it has gone). */
export const rssKb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** A process's children: the kernel lists each thread's in /proc/<pid>/task/<tid>/children (cheaper than scanning /proc). */
export const childrenOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
};

/** The resident memory of a process and everything below it, in KB. */
export const treeKb = (pid) => rssKb(pid) + childrenOf(pid).reduce((sum, child) => sum + treeKb(child), 0);
