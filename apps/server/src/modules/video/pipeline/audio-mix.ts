import { open } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from './ffmpeg.js';
import { musicInputArgs, type MusicInput } from './sources.js';

/**
 * The video's sound: the voice, the music under it, one loudness for every video.
 *
 * Levels follow what a listener hears (EBU R128 loudness, as ffmpeg's ebur128 measures it), not sample values:
 * the voice is brought to TARGET_LUFS, the music sits MUSIC_GAP_BELOW_VOICE_DB under it where nobody speaks
 * (the start, the end, pauses) and MUSIC_GAP_BELOW_VOICE_DB + MUSIC_DUCK_DB under it while someone speaks, the
 * dips following the voice's own speech spans (read from its PCM: exact, unlike a compressor keyed on level).
 * The finished mix is measured once (audio only, no video: a fraction of a second) and one gain brings it to
 * TARGET_LUFS, a limiter keeping its peaks under LIMIT_DB — a measured one-pass gain rather than loudnorm's
 * two passes over the whole file or its one-pass dynamic mode, which pumps. The user's sliders apply on top:
 * a voice at 50 % is 6 dB quieter than the usual mix, a music at 200 % 6 dB louder.
 */

/** The finished video's integrated loudness (the −16 LUFS of mobile platforms). */
export const TARGET_LUFS = -16;
/** Rate and layout of the finished sound (AAC, 48 kHz stereo). */
export const MIX_RATE = 48000;
/**
 * Music loudness under the voice's where nobody speaks, and further down while someone speaks: 16 dB under
 * the voice as set, about 14.5 dB as heard (the limiter takes a dB or so of the voice's peaks), inside the
 * 12–18 dB a voice-over wants; 6–7 dB under the voice in gaps, which a listener hears as the music coming up.
 */
const MUSIC_GAP_BELOW_VOICE_DB = 8;
const MUSIC_DUCK_DB = 8;
/** Sample-peak ceiling of the limiter: after AAC the true peak stays at or under −1 dBTP. */
const LIMIT_DB = -2;
/** The music starts down this long before speech, comes back up over MUSIC_RELEASE after it. */
const MUSIC_LEAD_SECONDS = 0.25;
const MUSIC_HOLD_SECONDS = 0.1;
const MUSIC_RELEASE_SECONDS = 0.5;
/** Pauses shorter than this keep the music down (it would pump between sentences). */
const GAP_SECONDS = 1;
/** Loudness (ebur128's reading) under which a track counts as silent: no gain is derived from it. */
const SILENT_LUFS = -60;
/** Most a quiet music track is raised (beyond it, its hiss would be raised with it). */
const MUSIC_MAX_BOOST_DB = 20;
/** A 10 ms window of the voice counts as speech above this sample value (about −38 dBFS, as cues are timed). */
const AUDIBLE = 400;

export interface Span {
  start: number;
  end: number;
}

/**
 * Where the voice speaks: spans of 10 ms windows with an audible sample, pauses under GAP_SECONDS joined.
 * Reads mono 16-bit PCM at `rate` in chunks (a long video's voice is never held whole).
 */
export const speechSpans = async (pcmFile: string, rate: number): Promise<Span[]> => {
  const window = Math.round(rate / 100);
  const spans: Span[] = [];
  const file = await open(pcmFile, 'r');
  try {
    const chunk = Buffer.alloc(window * 2 * 500);
    let position = 0;
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      if (bytesRead <= 0) break;
      for (let w = 0; w * window * 2 < bytesRead; w += 1) {
        const from = w * window * 2;
        const to = Math.min(bytesRead, from + window * 2);
        let heard = false;
        for (let i = from; i + 1 < to && !heard; i += 2) heard = Math.abs(chunk.readInt16LE(i)) > AUDIBLE;
        if (!heard) continue;
        const start = (position + from) / 2 / rate;
        const end = (position + to) / 2 / rate;
        const last = spans.at(-1);
        if (last && start - last.end < GAP_SECONDS) last.end = end;
        else spans.push({ start, end });
      }
      position += bytesRead;
    }
  } finally {
    await file.close();
  }
  return spans;
};

/** The music's gain over time as a `volume` expression of t: 1 in gaps, MUSIC_DUCK_DB down over speech. */
export const duckingExpression = (spans: Span[]): string => {
  if (!spans.length) return '1';
  const depth = (1 - 10 ** (-MUSIC_DUCK_DB / 20)).toFixed(4);
  const f = (n: number) => n.toFixed(3);
  const dips = spans.map(({ start, end }) => {
    const down = `clip((t-${f(start - MUSIC_LEAD_SECONDS)})/${MUSIC_LEAD_SECONDS},0,1)`;
    const up = `clip((${f(end + MUSIC_HOLD_SECONDS + MUSIC_RELEASE_SECONDS)}-t)/${MUSIC_RELEASE_SECONDS},0,1)`;
    return `min(${down},${up})`;
  });
  // Spans are GAP_SECONDS apart at least, longer than a dip's ramps: dips never overlap, so they add.
  return `1-${depth}*(${dips.join('+')})`;
};

/** Integrated loudness (LUFS) as the ebur128 filter at the end of `args`' filter reads it; -Infinity for silence. */
const loudnessOf = async (args: string[], signal?: AbortSignal): Promise<number> => {
  // ebur128 reports its summary at the info level (the ffmpeg helper runs at error: the later option wins).
  const log = await ffmpeg([...args, '-loglevel', 'info', '-f', 'null', '-'], signal);
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const value = Number(/I:\s+(-?[\d.]+|-inf|nan) LUFS/.exec(summary)?.[1]);
  return Number.isFinite(value) ? value : -Infinity;
};

/** Decibels of a slider's percent (100 % is 0 dB; 0 % is silence). */
const sliderDb = (percent: number) => (percent > 0 ? 20 * Math.log10(percent / 100) : -Infinity);
const gainFilter = (db: number) => (db === -Infinity ? 'volume=0' : `volume=${db.toFixed(2)}dB`);

/**
 * The music's input arguments. A synth is rendered to a WAV once, beside the voice's PCM, and read from there by
 * the three passes (an `aevalsrc` chord costs most of a second of CPU per minute each time it is evaluated).
 */
const musicOnce = async (music: MusicInput, seconds: number, besides: string, signal?: AbortSignal) => {
  const args = musicInputArgs(music, { seconds: Math.ceil(seconds) + 1, loop: true });
  if (!music.lavfi) return args;
  const file = path.join(path.dirname(besides), 'music.wav');
  await ffmpeg([...args, '-c:a', 'pcm_s16le', file], signal);
  return musicInputArgs({ file }, { seconds, loop: true });
};

export interface MixPlan {
  /** ffmpeg input arguments after the video's: the voice PCM, then the music (when any). */
  inputs: string[];
  /** The filter graph from input 1 (voice) and 2 (music) to `[a]`, 48 kHz stereo, normalised and limited. */
  filter: string;
}

const STEREO = `aformat=sample_rates=${MIX_RATE}:channel_layouts=stereo`;

/**
 * Measures the voice and the music, then their usual mix, and answers the inputs and filter graph of the
 * finished sound (the voice's `voicePcm` is mono s16le at `rate`; `seconds` the video's length).
 */
export const planMix = async (input: {
  voicePcm: string;
  rate: number;
  seconds: number;
  music: MusicInput | null;
  mix?: { voice: number; music: number };
  signal?: AbortSignal;
}): Promise<MixPlan> => {
  const voiceIn = ['-f', 's16le', '-ar', String(input.rate), '-ac', '1', '-i', input.voicePcm];
  const music = input.music && (input.mix?.music ?? 100) > 0 ? input.music : null;
  const length = ['-t', input.seconds.toFixed(3)];
  const musicIn = music ? await musicOnce(music, input.seconds, input.voicePcm, input.signal) : [];
  const [voiceLufs, musicLufs, spans] = await Promise.all([
    loudnessOf([...voiceIn, ...length, '-af', `${STEREO},ebur128`], input.signal),
    music ? loudnessOf([...musicIn, ...length, '-af', `${STEREO},ebur128`], input.signal) : -Infinity,
    speechSpans(input.voicePcm, input.rate),
  ]);
  const voiceDb = voiceLufs > SILENT_LUFS ? TARGET_LUFS - voiceLufs : 0;
  const musicDb =
    musicLufs > SILENT_LUFS
      ? Math.min(MUSIC_MAX_BOOST_DB, TARGET_LUFS - MUSIC_GAP_BELOW_VOICE_DB - musicLufs)
      : 0;
  // Inputs are numbered from `first` (0 when measuring; 1 in the mux, after the video).
  const graph = (first: number, voiceSlider: number, musicSlider: number) => {
    const voice = `[${first}:a]${STEREO},${gainFilter(voiceDb + voiceSlider)}`;
    if (!music) return `${voice}[m]`;
    return (
      `${voice}[voice];[${first + 1}:a]${STEREO},${gainFilter(musicDb + musicSlider)},asetnsamples=n=480:p=0,` +
      `volume='${duckingExpression(spans)}':eval=frame[music];` +
      `[voice][music]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[m]`
    );
  };
  const inputs = [...voiceIn, ...musicIn];
  const limiter = `alimiter=limit=${(10 ** (LIMIT_DB / 20)).toFixed(4)}:attack=5:release=50:level=0:latency=1`;
  // The usual mix (both sliders at 100 %) measured as it will sound, limiter included (it takes a little of
  // the voice's peaks, so of its loudness): its one gain to TARGET_LUFS.
  const usual = await loudnessOf(
    [
      ...inputs,
      ...length,
      '-filter_complex',
      `${graph(0, 0, 0)};[m]${limiter},ebur128[out]`,
      '-map',
      '[out]',
    ],
    input.signal,
  );
  const level = usual > SILENT_LUFS ? TARGET_LUFS - usual : 0;
  return {
    inputs,
    filter:
      `${graph(1, sliderDb(input.mix?.voice ?? 100), sliderDb(input.mix?.music ?? 100))};` +
      `[m]volume=${level.toFixed(2)}dB,${limiter},${STEREO}[a]`,
  };
};
