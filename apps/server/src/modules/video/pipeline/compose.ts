import { ffmpeg } from './ffmpeg.js';
import { FPS } from './subtitles.js';
import { kenBurns } from './pictures.js';
import { colourSource, musicInputArgs, type MusicInput } from './sources.js';

export type { MusicInput } from './sources.js';

/** Samples per second of the voice track; 1470 samples per frame at 30 fps, so scenes cut on whole samples. */
export const AUDIO_RATE = 44100;
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

/** The music's level under the voice in the usual mix. */
const MUSIC_UNDER_VOICE = 0.35;

/**
 * Joins the scenes (concat of raw H.264: frames back to back at 30 fps, no timestamp drift) with the voice
 * track, the music ducked under the voice (sidechaincompress) and mixed, into an MP4 (H.264 copied, AAC).
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
  const voice = ['-f', 's16le', '-ar', String(AUDIO_RATE), '-ac', '1', '-i', input.voicePcm];
  const stereo = `aformat=sample_rates=${AUDIO_RATE}:channel_layouts=stereo`;
  const voiceGain = ((input.mix?.voice ?? 100) / 100).toFixed(2);
  const musicGain = ((MUSIC_UNDER_VOICE * (input.mix?.music ?? 100)) / 100).toFixed(3);
  let musicInput: string[] = [];
  let filter = `[1:a]${stereo},volume=${voiceGain}[a]`;
  if (input.music) {
    const seconds = Math.ceil(input.seconds) + 1;
    musicInput = musicInputArgs(input.music, { seconds, loop: true });
    // The ducking key is the voice as spoken (its own volume setting does not change when music steps back).
    filter =
      `[1:a]${stereo},asplit=2[spoken][key];[spoken]volume=${voiceGain}[voice];` +
      `[2:a]${stereo},volume=${musicGain}[music];` +
      `[music][key]sidechaincompress=threshold=0.03:ratio=8:attack=20:release=400[ducked];` +
      `[voice][ducked]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[a]`;
  }
  await ffmpeg(
    [
      ...['-fflags', '+genpts', '-r', String(FPS), '-f', 'h264', '-i', `concat:${input.scenes.join('|')}`],
      ...voice,
      ...musicInput,
      ...['-filter_complex', filter, '-map', '0:v', '-map', '[a]'],
      ...['-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-t', input.seconds.toFixed(3)],
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
