import { runProcess } from '../../platform/process.js';

/**
 * Every piece of speech is decoded to 16-bit mono PCM at this rate before it is joined and encoded: the rate
 * players expect, whatever the engine's own (espeak-ng speaks at 22.05 kHz and is resampled, not sped up).
 */
export const SAMPLE_RATE = 44100;
/** The delivered MP3's bit rate (mono): what players and editors take as good quality. */
const MP3_BITRATE = '128k';
const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** Runs a program with `input` on stdin and answers its stdout; rejects on a non-zero exit or abort. */
export const runProgram = async (
  command: string,
  args: string[],
  input: Buffer | string | null,
  signal?: AbortSignal,
): Promise<Buffer> => (await runProcess(command, args, { input: input ?? '', signal, stdout: true })).stdout;

/** Runs ffmpeg quietly; answers stdout and stderr (filters such as silencedetect report on stderr). */
export const runFfmpeg = async (args: string[], input: Buffer | null, signal?: AbortSignal) => {
  const { stdout, log } = await runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], {
    input,
    signal,
    stdout: true,
    logLimit: Infinity,
  });
  return { stdout, stderr: log };
};

/** The PCM of a WAV file as espeak-ng writes it (its size fields may be wrong when streamed). */
const wavToPcm = (wav: Buffer): { pcm: Buffer; sampleRate: number } | null => {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let sampleRate = 0;
  let mono16 = false;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      mono16 =
        wav.readUInt16LE(offset + 8) === 1 &&
        wav.readUInt16LE(offset + 10) === 1 &&
        wav.readUInt16LE(offset + 22) === 16;
      sampleRate = wav.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      if (!mono16) return null;
      const end = Math.min(wav.length, offset + 8 + size);
      return { pcm: wav.subarray(offset + 8, end - ((end - offset - 8) % 2)), sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
};

/** Any audio ffmpeg reads (mp3, m4a, wav of another rate…) as mono 16-bit PCM at `rate` (SAMPLE_RATE). */
export const decodeToPcm = async (
  audio: Buffer,
  signal?: AbortSignal,
  rate = SAMPLE_RATE,
): Promise<Buffer> => {
  const wav = wavToPcm(audio);
  if (wav && wav.sampleRate === rate) return wav.pcm;
  const { stdout } = await runFfmpeg(
    // Read from the pipe only: an upload that is really a playlist cannot make ffmpeg open anything else.
    [
      '-protocol_whitelist',
      'pipe',
      '-i',
      'pipe:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(rate),
      '-f',
      's16le',
      'pipe:1',
    ],
    audio,
    signal,
  );
  return stdout;
};

export const pcmSeconds = (pcm: Buffer) => pcm.length / BYTES_PER_SECOND;
export const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);

/** Seconds from the start of `pcm` to the end of its last audible sample (trailing silence excluded). */
export const audibleSeconds = (pcm: Buffer, threshold = 400): number => {
  for (let i = pcm.length - 2; i >= 0; i -= 2) {
    if (Math.abs(pcm.readInt16LE(i)) > threshold) return (i + 2) / BYTES_PER_SECOND;
  }
  return 0;
};

/** Seconds of silence at the start of `pcm`. */
export const leadingSilenceSeconds = (pcm: Buffer, threshold = 400): number => {
  for (let i = 0; i + 1 < pcm.length; i += 2) {
    if (Math.abs(pcm.readInt16LE(i)) > threshold) return i / BYTES_PER_SECOND;
  }
  return pcmSeconds(pcm);
};

/** PCM at SAMPLE_RATE to a loudness-normalised (EBU R128, −16 LUFS) mono MP3 at SAMPLE_RATE, MP3_BITRATE. */
export const encodeMp3 = async (
  pcm: Buffer,
  signal?: AbortSignal,
  outputArgs: string[] = [],
): Promise<Buffer> => {
  const { stdout } = await runFfmpeg(
    [
      ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0'],
      ...['-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-ar', String(SAMPLE_RATE)],
      ...['-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, ...outputArgs, '-f', 'mp3', 'pipe:1'],
    ],
    pcm,
    signal,
  );
  return stdout;
};

export interface Interval {
  start: number;
  end: number;
}

/** Silent stretches of at least `minSeconds` (ffmpeg silencedetect at `noiseDb`). */
export const detectSilences = async (
  pcm: Buffer,
  options: { noiseDb?: number; minSeconds?: number; signal?: AbortSignal } = {},
): Promise<Interval[]> => {
  const { stderr } = await runFfmpeg(
    [
      ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0'],
      ...[
        '-af',
        `silencedetect=noise=${options.noiseDb ?? -35}dB:d=${options.minSeconds ?? 0.15}`,
        '-f',
        'null',
        '-',
      ],
    ],
    pcm,
    options.signal,
  );
  const out: Interval[] = [];
  let start: number | null = null;
  for (const line of stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) start = Math.max(0, Number(s[1]));
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && start !== null) {
      out.push({ start, end: Number(e[1]) });
      start = null;
    }
  }
  if (start !== null) out.push({ start, end: pcmSeconds(pcm) });
  return out;
};
