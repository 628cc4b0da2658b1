import { ffmpeg } from './ffmpeg.js';
import { FPS } from './subtitles.js';
import { kenBurns } from './pictures.js';
import { colourSource, type MusicInput } from './sources.js';
import { MIX_RATE, planMix } from './audio-mix.js';

export type { MusicInput } from './sources.js';

/** Samples per second of the voice track; 1600 samples per frame at 30 fps, so scenes cut on whole samples. */
export const AUDIO_RATE = 48000;
export const SAMPLES_PER_FRAME = AUDIO_RATE / FPS;

/**
 * x264 settings shared by every scene so the raw H.264 scenes join byte for byte (same parameter sets): the
 * ultrafast preset (measured here: a sixth less time than superfast on a 1080×1920 Ken Burns scene, for a larger
 * file; a 60-second video must render in 30 s on two cores), no B-frames (raw H.264 then carries frames
 * in display order, so timestamps regenerate exactly), and a short lookahead that keeps a 1080×1920 encoder's
 * memory down.
 */
const X264 = [
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-threads', '2'],
  ...['-x264-params', 'rc-lookahead=4:sync-lookahead=0:keyint=60:min-keyint=30:scenecut=0:bframes=0'],
];

/** The encoder settings as one string (part of a scene clip's cache key: other settings, another clip). */
export const SCENE_ENCODING = `v1 ${X264.join(' ')}`;

/** The ASS path as the `ass` filter reads it (its own escaping of `:` and `\`). */
const filterPath = (file: string) => file.replace(/\\/g, '/').replace(/:/g, '\\:').replace(/'/g, "\\'");

/**
 * Renders one scene to raw H.264 (`.h264`, no container): the still with Ken Burns motion, or a colour
 * clip, with its ASS text burned in; exactly `frames` frames. One ffmpeg process, its memory bounded by one
 * frame pipeline; nothing is kept between scenes but the file.
 */
export const renderScene = async (input: {
  index: number;
  picture: string | null;
  background: string;
  width: number;
  height: number;
  frames: number;
  ass: string;
  out: string;
  signal?: AbortSignal;
}) => {
  const { width: w, height: h, frames } = input;
  const source = input.picture
    ? ['-i', input.picture]
    : ['-f', 'lavfi', '-i', colourSource(input.background, `${w}x${h}`, FPS)];
  const motion = input.picture ? `${kenBurns(input.index, frames, w, h)},` : '';
  await ffmpeg(
    [
      ...source,
      '-vf',
      `${motion}ass='${filterPath(input.ass)}',format=yuv420p`,
      ...['-frames:v', String(frames), '-r', String(FPS)],
      ...X264,
      ...['-an', '-f', 'h264', input.out],
    ],
    input.signal,
  );
};

/** Voice and music loudness in percent of the usual mix. */
export interface AudioMix {
  voice: number;
  music: number;
}

/**
 * Joins the scenes (concat of raw H.264: frames back to back at 30 fps, no timestamp drift) with the voice
 * track and the music dipping under the voice, loudness-normalised (audio-mix.ts), into an MP4 (H.264 copied,
 * AAC 48 kHz stereo).
 */
export const muxVideo = async (input: {
  scenes: string[];
  voicePcm: string;
  seconds: number;
  music: MusicInput | null;
  /** Voice and music loudness in percent of the usual mix (default 100 each). */
  mix?: AudioMix;
  out: string;
  /** Extra output options (the hidden AI label's metadata, which also sets the MP4's movflags). */
  outputArgs?: string[];
  signal?: AbortSignal;
}) => {
  const plan = await planMix({ ...input, rate: AUDIO_RATE });
  await ffmpeg(
    [
      ...['-fflags', '+genpts', '-r', String(FPS), '-f', 'h264', '-i', `concat:${input.scenes.join('|')}`],
      ...plan.inputs,
      ...['-filter_complex', plan.filter, '-map', '0:v', '-map', '[a]'],
      ...['-c:v', 'copy', '-c:a', 'aac', '-b:a', '160k', '-ar', String(MIX_RATE), '-ac', '2'],
      ...['-t', input.seconds.toFixed(3)],
      ...(input.outputArgs?.length ? input.outputArgs : ['-movflags', '+faststart']),
      input.out,
    ],
    input.signal,
  );
};

/** A JPEG of the frame at `at` seconds (the title is burned into every content frame). */
export const grabCover = (video: string, at: number, out: string, signal?: AbortSignal) =>
  ffmpeg(
    ['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-vf', 'scale=540:-2', '-q:v', '3', out],
    signal,
  );
