import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MusicScoreId } from '@app/contract';
import { runProcess } from '../../../platform/process.js';
import { hasCommand } from '../../../platform/system-packages.js';
import { ffmpeg } from '../pipeline/ffmpeg.js';
import { scoreMidi } from './scores.js';

/** Debian's fluid-soundfont-gm (FluidR3, MIT): General MIDI instruments sampled from real ones. */
const SOUNDFONT = process.env.MUSIC_SOUNDFONT ?? '/usr/share/sounds/sf2/FluidR3_GM.sf2';

const SAMPLE_RATE = 44_100;

let fluidsynthPresent: boolean | undefined;
const hasFluidsynth = () => (fluidsynthPresent ??= hasCommand('fluidsynth')) && existsSync(SOUNDFONT);

/** The MP3's file name of a score: its id and a digest of its MIDI, so a changed score renders again. */
export const scoreFileName = (id: MusicScoreId) =>
  `${id}-${createHash('sha256').update(scoreMidi(id)).digest('hex').slice(0, 12)}.mp3`;

/** Loudness of the whole piece, from ffmpeg's volumedetect (one fast decoding pass). */
const meanVolumeDb = async (wav: string) => {
  const log = await ffmpeg(['-loglevel', 'info', '-i', wav, '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(log);
  return match ? Number(match[1]) : -20;
};

/** Pieces sit this loud on average before the video mixes them under the voice. */
const TARGET_MEAN_DB = -20;

/**
 * Renders a score to `file`: the MIDI played by fluidsynth through the General MIDI soundfont, trimmed after
 * the last sound, faded out and brought to an even loudness by ffmpeg. False where fluidsynth or the soundfont
 * is missing.
 */
export const renderScore = async (id: MusicScoreId, file: string): Promise<boolean> => {
  if (!hasFluidsynth()) return false;
  await mkdir(path.dirname(file), { recursive: true });
  const base = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(`${base}.mid`, scoreMidi(id));
    await runProcess('fluidsynth', [
      '-ni',
      '-q',
      '-g',
      '0.6',
      '-r',
      String(SAMPLE_RATE),
      '-F',
      `${base}.wav`,
      SOUNDFONT,
      `${base}.mid`,
    ]);
    const gain = Math.max(-12, Math.min(12, TARGET_MEAN_DB - (await meanVolumeDb(`${base}.wav`))));
    await ffmpeg([
      '-i',
      `${base}.wav`,
      '-af',
      // The synth's reverb tail runs on after the last note: cut at the last sound and fade out.
      `silenceremove=stop_periods=-1:stop_duration=1.5:stop_threshold=-60dB,areverse,afade=t=in:d=1.5,areverse,volume=${gain.toFixed(1)}dB,alimiter=limit=0.9`,
      ...['-ar', String(SAMPLE_RATE), '-c:a', 'libmp3lame', '-b:a', '128k', `${base}.mp3`],
    ]);
    await rename(`${base}.mp3`, file);
    return true;
  } finally {
    await Promise.all(['mid', 'wav', 'mp3'].map((ext) => rm(`${base}.${ext}`, { force: true })));
  }
};

export interface ScoreAudio {
  /** The MP3 of a score; null where it was not built and fluidsynth or the soundfont is missing. */
  fileFor(id: MusicScoreId): Promise<string | null>;
}

/**
 * The project's scores as audio: rendered by the build (`builtDir`), else rendered once on first use into
 * `cacheDir`. One render per score at a time in this process.
 */
export const createScoreAudio = ({
  builtDir,
  cacheDir,
}: {
  builtDir: string;
  cacheDir: string;
}): ScoreAudio => {
  const pending = new Map<MusicScoreId, Promise<string | null>>();

  const find = async (id: MusicScoreId): Promise<string | null> => {
    const name = scoreFileName(id);
    for (const dir of [builtDir, cacheDir]) if (existsSync(path.join(dir, name))) return path.join(dir, name);
    const file = path.join(cacheDir, name);
    return (await renderScore(id, file)) ? file : null;
  };

  return {
    fileFor(id) {
      let job = pending.get(id);
      if (!job) {
        job = find(id).finally(() => pending.delete(id));
        pending.set(id, job);
      }
      return job;
    },
  };
};
