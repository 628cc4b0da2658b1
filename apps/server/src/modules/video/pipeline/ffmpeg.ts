import { runProcess } from '../../../platform/process.js';

const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

/**
 * Runs one ffmpeg process to its end (files in, files out: nothing of the video passes through this
 * process's memory). The abort signal kills it (cancel, timeout, a worker walking away). Answers ffmpeg's log;
 * rejects with its tail on a non-zero exit.
 */
export const ffmpeg = async (args: string[], signal?: AbortSignal): Promise<string> =>
  (await runProcess('ffmpeg', [...QUIET, ...args], { signal })).log;

/** Same as `ffmpeg` but answers stdout (small outputs only: decoded scene audio, probe data). */
export const ffmpegToBuffer = async (args: string[], signal?: AbortSignal): Promise<Buffer> =>
  (await runProcess('ffmpeg', [...QUIET, ...args], { signal, input: '', stdout: true })).stdout;

/** Decodes any audio ffmpeg reads (the voice's MP3) to mono 16-bit PCM at `rate`. */
export const decodePcm = (file: string, rate: number, signal?: AbortSignal) =>
  ffmpegToBuffer(['-i', file, '-vn', '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'], signal);
