import { spawn } from 'node:child_process';

export interface ProcessOptions {
  /** Written to the program's stdin, which is then closed (none: stdin is ignored). */
  input?: Buffer | string | null;
  /** Kills the program (cancel, timeout, a worker walking away). */
  signal?: AbortSignal;
  /** Collect stdout (small outputs only: decoded audio, probe data); ignored otherwise. */
  stdout?: boolean;
  /** How much of stderr's tail is kept, in characters (Infinity: all of it, for filters that report there). */
  logLimit?: number;
}

/**
 * Runs an external program (ffmpeg, fluidsynth, espeak-ng) to its end. Answers its stdout (when asked) and the
 * kept tail of its stderr; rejects with that tail on a non-zero exit.
 */
export const runProcess = (
  command: string,
  args: string[],
  { input, signal, stdout = false, logLimit = 4000 }: ProcessOptions = {},
): Promise<{ stdout: Buffer; log: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [input != null ? 'pipe' : 'ignore', stdout ? 'pipe' : 'ignore', 'pipe'],
      signal,
    });
    const out: Buffer[] = [];
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > logLimit) log = log.slice(-logLimit);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), log });
      else reject(new Error(`${command} exited with ${code}: ${log.trim().slice(-600)}`));
    });
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
