import { spawn } from 'node:child_process';

/**
 * Runs one ffmpeg process to its end (files in, files out: nothing of the video passes through this
 * process's memory). The abort signal kills it (cancel, timeout, a worker walking away). Rejects with the
 * tail of ffmpeg's log on a non-zero exit.
 */
export const ffmpeg = (args: string[], signal?: AbortSignal): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(log);
      else reject(new Error(`ffmpeg exited with ${code}: ${log.trim().slice(-600)}`));
    });
  });

/** Same as `ffmpeg` but answers stdout (small outputs only: decoded scene audio, probe data). */
export const ffmpegToBuffer = (args: string[], signal?: AbortSignal): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const out: Buffer[] = [];
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited with ${code}: ${log.trim().slice(-600)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end();
  });

/** Decodes any audio ffmpeg reads (the voice's MP3) to mono 16-bit PCM at `rate`. */
export const decodePcm = (file: string, rate: number, signal?: AbortSignal) =>
  ffmpegToBuffer(['-i', file, '-vn', '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'], signal);
