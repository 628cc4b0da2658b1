import { createHash } from 'node:crypto';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VideoStage } from '@app/contract';
import { withAiMarks } from './ai-marks.js';
import {
  AUDIO_RATE,
  grabCover,
  muxVideo,
  type AudioMix,
  renderScene,
  SAMPLES_PER_FRAME,
  SCENE_ENCODING,
  type MusicInput,
} from './compose.js';
import { buildCues } from '../../voice/index.js';
import { decodePcm } from './ffmpeg.js';
import { kenBurns, preparePicture } from './pictures.js';
import { splitIntoScenes, type Scene } from './script.js';
import { buildSceneAss, FPS, type TextStyle, type TimedText } from './subtitles.js';

/** A stage failed: `message` is an error id with a text in every language (video.messages.ts). */
export class StageError extends Error {
  constructor(
    readonly stage: VideoStage,
    message: string,
    /** False when another attempt could succeed (a provider hiccup, a killed process). */
    readonly permanent = true,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'StageError';
  }
}

/** What the voice stage needs from the voice module: one scene's speech, with its cues' exact times. */
export interface SceneSpeech {
  /** An audio file in any format ffmpeg reads (the voice module answers MP3). */
  audio: Buffer;
  duration: number;
  cues: TimedText[];
  engine: string;
  offline: boolean;
}

export interface Clip {
  position: 'start' | 'end';
  seconds: number;
  text: string;
  background: string;
}

/**
 * Scene clips kept from an earlier render of the same storyboard. `hash` digests everything that shapes a clip,
 * so a clip found under it is the clip this render would make.
 */
export interface SceneClipCache {
  /** Copies scene `index`'s clip kept under `hash` to `out`; false when there is none (or another hash's). */
  reuse(index: number, hash: string, out: string): Promise<boolean>;
  /** Keeps the clip just made for scene `index` under `hash` (replacing the one kept before). */
  keep(index: number, hash: string, file: string): Promise<void>;
}

export interface RenderInput {
  title: string;
  text: string;
  style: TextStyle;
  background: string;
  clips: Clip[];
  music: MusicInput | null;
  mix?: AudioMix;
  workDir: string;
  signal: AbortSignal;
  /** Throws (a StageError of `script`) when the text may not be published. */
  censor(text: string): Promise<void>;
  /**
   * The scenes to speak and show, when they were fixed beforehand (a storyboard); by default the text is split
   * into scenes here.
   */
  scenes?: Scene[];
  /** Scene `index`'s speech (a storyboard answers the voice it already made). */
  speak(text: string, signal: AbortSignal, index: number): Promise<SceneSpeech>;
  /** The picture file of scene `index` of `count`, or null for the template's background. */
  pictureFor(index: number, count: number, scene: Scene): Promise<string | null>;
  /** Reports progress 0–100 within the render and the stage running. */
  progress(percent: number, stage: VideoStage): Promise<void>;
  /** Clips of unchanged scenes reused from an earlier render (a storyboard rendered again). */
  sceneClips?: SceneClipCache;
  /** The small "AI生成" corner mark throughout (app_config aiLabels.videoCornerMark; the opening label always). */
  aiCornerMark?: boolean;
  /** Extra ffmpeg output options of the MP4 (its hidden AI label). */
  outputArgs?: string[];
}

export interface RenderOutput {
  video: string;
  cover: string;
  /** Seconds of the video. */
  seconds: number;
  width: number;
  height: number;
  /** Every subtitle cue with its time in the video. */
  cues: TimedText[];
  /** Where each spoken scene starts in the video. */
  sceneStarts: number[];
  engine: string;
  offline: boolean;
}

/** Pause after each scene's voice (a breath between sentences), and after the last before the outro. */
const SCENE_PAUSE_SECONDS = 0.25;
const TAIL_SECONDS = 0.6;
/** Kept before the first and after the last audible sample of a scene's voice, so no syllable is clipped. */
const VOICE_EDGE_SECONDS = 0.04;

/** Progress span of each stage inside the render (store, done by the job, takes the rest). */
const SPANS: Record<Exclude<VideoStage, 'store'>, [number, number]> = {
  script: [0, 3],
  voice: [3, 35],
  timing: [35, 37],
  pictures: [37, 45],
  compose: [45, 93],
  cover: [93, 95],
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The cache key of a spoken scene's clip: everything that shapes its frames (the picture's bytes, the
 * background, size, length in frames, the whole ASS text with its layout, style and cue times, the motion,
 * the frame rate and the encoder settings). Any change of one of them is another clip.
 */
export const clipHash = (parts: {
  picture: string | null;
  background: string;
  width: number;
  height: number;
  frames: number;
  ass: string;
  motion: string;
}) => sha256(JSON.stringify({ ...parts, fps: FPS, encoding: SCENE_ENCODING }));

/**
 * Scenes encoded at once. Each ffmpeg spends most of its time in single-threaded filters (zoompan, ass), so two
 * one-thread processes side by side encode ~22 % faster than one two-thread process on two quiet cores — but they
 * took a render's peak from ~270 MB to ~460 MB (bench/results/video.md), past the 400 MB target, so one it is;
 * the pool stays for a machine with memory to spare.
 */
const SCENE_ENCODERS = 1;

const framesOf = (seconds: number) => Math.max(1, Math.round(seconds * FPS));
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Loudness above which a sample counts as heard (as the voice module times its cues). */
const AUDIBLE = 400;
/** Seconds from the start of mono 16-bit `pcm` (AUDIO_RATE) to its first audible sample at or after `from`. */
const firstAudible = (pcm: Buffer, from: number): number | null => {
  for (let i = Math.max(0, Math.floor(from * AUDIO_RATE)) * 2; i + 1 < pcm.length; i += 2) {
    if (Math.abs(pcm.readInt16LE(i)) > AUDIBLE) return i / 2 / AUDIO_RATE;
  }
  return null;
};
/** Seconds from the start of mono 16-bit `pcm` (AUDIO_RATE) to just after its last audible sample. */
const lastAudibleEnd = (pcm: Buffer): number => {
  for (let i = pcm.length - 2; i >= 0; i -= 2) {
    if (Math.abs(pcm.readInt16LE(i)) > AUDIBLE) return (i / 2 + 1) / AUDIO_RATE;
  }
  return 0;
};

/**
 * Renders a vertical (or template-sized) video from a text, stage by stage: script → voice → timing →
 * pictures → compose → cover. Every stage that fails throws a StageError naming it. Scenes are rendered one
 * ffmpeg process at a time to files in `workDir` (raw H.264 and the voice as PCM on disk), so memory stays
 * that of one scene whatever the length.
 */
export const renderVideo = async (input: RenderInput): Promise<RenderOutput> => {
  const { signal, style } = input;
  const at = (stage: Exclude<VideoStage, 'store'>, fraction: number) => {
    const [from, to] = SPANS[stage];
    return input.progress(from + (to - from) * fraction, stage);
  };
  const guard = async <T>(stage: VideoStage, id: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (signal.aborted || error instanceof StageError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new StageError(stage, id, false, detail);
    }
  };

  // script: scenes at sentence boundaries, headings kept; the censor reads the whole text.
  await at('script', 0);
  const scenes = input.scenes ?? splitIntoScenes(input.text);
  if (!scenes.length) throw new StageError('script', 'video_text_empty');
  await input.censor(`${input.title}\n${input.text}`);

  // voice: each scene spoken on its own, so each scene's start is exact.
  const speeches: SceneSpeech[] = [];
  for (const [i, scene] of scenes.entries()) {
    await at('voice', i / scenes.length);
    speeches.push(await guard('voice', 'video_voice_failed', () => input.speak(scene.text, signal, i)));
  }

  // timing: each scene's voice decoded as it will sound in the video; its cues move by the measured delay
  // (encoder padding of the voice's MP3), every scene lasts whole frames (its voice plus a pause), and
  // the voice track is written to disk scene by scene.
  await at('timing', 0);
  const clipsAt = (position: Clip['position']) => input.clips.filter((c) => c.position === position);
  const intro = clipsAt('start');
  const outro = clipsAt('end');
  const introFrames = intro.map((c) => framesOf(c.seconds));
  const outroFrames = outro.map((c) => framesOf(c.seconds));
  const voicePcm = path.join(input.workDir, 'voice.pcm');
  const sceneFrames: number[] = [];
  const sceneCues: TimedText[][] = [];
  await guard('timing', 'video_timing_failed', async () => {
    const track = await open(voicePcm, 'w');
    try {
      const silence = (frames: number) => track.write(Buffer.alloc(frames * SAMPLES_PER_FRAME * 2));
      for (const frames of introFrames) await silence(frames);
      for (const [i, speech] of speeches.entries()) {
        const file = path.join(input.workDir, `voice-${i}.audio`);
        await writeFile(file, speech.audio);
        const pcm = await decodePcm(file, AUDIO_RATE, signal);
        // The scene's voice runs from where it is first heard to where it is last heard: the engine's own
        // silence at either end would add to our pause between scenes and stretch the video past its estimate.
        const onset = firstAudible(pcm, 0);
        const trim = onset === null ? 0 : Math.max(0, onset - VOICE_EDGE_SECONDS);
        const voice = pcm.subarray(Math.round(trim * AUDIO_RATE) * 2);
        const voiced = Math.min(voice.length / 2 / AUDIO_RATE, lastAudibleEnd(voice) + VOICE_EDGE_SECONDS);
        const first = speech.cues[0];
        const heard = first ? firstAudible(pcm, first.start - 0.2) : null;
        const shift = (first && heard !== null ? heard - first.start : 0) - trim;
        const cues = speech.cues.map((c) => ({
          ...c,
          start: Math.max(0, c.start + shift),
          end: Math.min(c.end + shift, voiced),
        }));
        const last = i === speeches.length - 1;
        const frames = framesOf(voiced + (last ? TAIL_SECONDS : SCENE_PAUSE_SECONDS));
        sceneFrames.push(frames);
        // The shared cue builder: word boundaries, 0.8–7 s on screen, within the scene where it can.
        sceneCues.push(buildCues(cues, { until: frames / FPS }));
        const bytes = frames * SAMPLES_PER_FRAME * 2;
        await track.write(
          voice.length >= bytes
            ? voice.subarray(0, bytes)
            : Buffer.concat([voice, Buffer.alloc(bytes - voice.length)]),
        );
      }
      for (const frames of outroFrames) await silence(frames);
    } finally {
      await track.close();
    }
  });
  let frame = introFrames.reduce((a, b) => a + b, 0);
  const sceneStarts: number[] = [];
  const cues: TimedText[] = [];
  for (const [i, scene] of sceneCues.entries()) {
    const start = frame / FPS;
    sceneStarts.push(start);
    for (const cue of scene)
      cues.push({ ...cue, start: round(start + cue.start), end: round(start + cue.end) });
    frame += sceneFrames[i]!;
  }
  const totalFrames = frame + outroFrames.reduce((a, b) => a + b, 0);
  const seconds = totalFrames / FPS;

  // pictures: each scene's picture file (a digest of its bytes is part of its clip's cache key).
  const sources: { file: string | null; digest: string | null }[] = [];
  for (const [i, scene] of scenes.entries()) {
    await at('pictures', i / scenes.length);
    sources.push(
      await guard('pictures', 'video_pictures_failed', async () => {
        const file = await input.pictureFor(i, scenes.length, scene);
        return { file, digest: file ? sha256(await readFile(file)) : null };
      }),
    );
  }

  // compose: each scene to raw H.264 (or a kept clip of an unchanged scene), SCENE_ENCODERS at a time, then one
  // pass joining them in order with the voice and the music.
  const total = intro.length + scenes.length + outro.length;
  const parts: string[] = new Array<string>(total);
  let made = 0;
  const encode = (
    slot: number,
    index: number,
    frames: number,
    picture: string | null,
    ass: string,
    background = input.background,
  ) =>
    guard('compose', 'video_compose_failed', async () => {
      const assFile = path.join(input.workDir, `scene-${slot}.ass`);
      await writeFile(assFile, ass);
      const out = path.join(input.workDir, `scene-${slot}.h264`);
      await renderScene({
        index,
        picture,
        background,
        width: style.width,
        height: style.height,
        frames,
        ass: assFile,
        out,
        signal,
      });
      return out;
    });
  // Each part's first frame in the video, for the AI labels burned into its ASS (the opening one, the corner one).
  const slotStarts: number[] = [];
  [...introFrames, ...sceneFrames, ...outroFrames].reduce((at, n) => (slotStarts.push(at), at + n), 0);
  const marked = (slot: number, frames: number, ass: string) =>
    withAiMarks(ass, {
      width: style.width,
      height: style.height,
      clipStart: slotStarts[slot]! / FPS,
      clipSeconds: frames / FPS,
      corner: input.aiCornerMark ?? true,
    });
  const clipAss = (clip: Clip, frames: number, slot: number) =>
    marked(slot, frames, buildSceneAss({ style, seconds: frames / FPS, title: null, cues: [], caption: clip.text }));
  // Scenes with the same picture (the template's, most often) share one still, prepared once.
  const stills = new Map<string, string>();
  const stillOf = async (i: number) => {
    const key = sources[i]!.digest ?? 'background';
    const known = stills.get(key);
    if (known) return known;
    const out = path.join(input.workDir, `still-${i}.jpg`);
    await preparePicture({
      source: sources[i]!.file,
      background: input.background,
      width: style.width,
      height: style.height,
      out,
      signal,
    });
    stills.set(key, out);
    return out;
  };
  /** The encodes to run, by the slot of their part; filled below. */
  const work: { slot: number; run: () => Promise<string> }[] = intro.map((clip, i) => ({
    slot: i,
    run: () => encode(i, i, introFrames[i]!, null, clipAss(clip, introFrames[i]!, i), clip.background),
  }));
  // One spoken scene after another: its kept clip when its key is unchanged, else its still (prepared here, one
  // ffmpeg at a time, so only the encoders below ever run side by side) and an encode whose clip is then kept.
  for (const i of scenes.keys()) {
    const slot = intro.length + i;
    const frames = sceneFrames[i]!;
    const ass = marked(
      slot,
      frames,
      buildSceneAss({ style, seconds: frames / FPS, title: input.title || null, cues: sceneCues[i]! }),
    );
    const hash = clipHash({
      picture: sources[i]!.digest,
      background: input.background,
      width: style.width,
      height: style.height,
      frames,
      ass,
      motion: kenBurns(i, frames, style.width, style.height),
    });
    const kept = path.join(input.workDir, `kept-${i}.h264`);
    if (input.sceneClips && (await input.sceneClips.reuse(i, hash, kept).catch(() => false))) {
      parts[slot] = kept;
      made += 1;
      continue;
    }
    const still = await guard('pictures', 'video_pictures_failed', () => stillOf(i));
    work.push({
      slot,
      run: async () => {
        const clip = await encode(slot, i, frames, still, ass);
        // A clip that could not be kept is made again next time; the render goes on.
        await input.sceneClips?.keep(i, hash, clip).catch(() => undefined);
        return clip;
      },
    });
  }
  for (const [i, clip] of outro.entries()) {
    const slot = intro.length + scenes.length + i;
    work.push({
      slot,
      run: () => encode(slot, i, outroFrames[i]!, null, clipAss(clip, outroFrames[i]!, slot), clip.background),
    });
  }
  let next = 0;
  let failed = false;
  const encoder = async () => {
    while (!failed && next < work.length) {
      const item = work[next++]!;
      try {
        parts[item.slot] = await item.run();
      } catch (error) {
        failed = true;
        throw error;
      }
      made += 1;
      await at('compose', (made / (total + 1)) * 0.95);
    }
  };
  await at('compose', 0);
  // Every encoder ends before a failure is thrown (none is left writing into a work folder being removed).
  const encoders = await Promise.allSettled(
    Array.from({ length: Math.min(SCENE_ENCODERS, work.length) }, encoder),
  );
  const broken = encoders.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (broken) throw broken.reason;
  const video = path.join(input.workDir, 'video.mp4');
  await at('compose', 0.95);
  await guard('compose', input.music ? 'video_music_failed' : 'video_compose_failed', () =>
    muxVideo({
      scenes: parts,
      voicePcm,
      seconds,
      music: input.music,
      mix: input.mix,
      out: video,
      outputArgs: input.outputArgs,
      signal,
    }),
  );

  // cover: a frame of the first spoken scene, title burned in.
  await at('cover', 0);
  const cover = path.join(input.workDir, 'cover.jpg');
  await guard('cover', 'video_cover_failed', () =>
    grabCover(video, sceneStarts[0]! + Math.min(1, sceneFrames[0]! / FPS / 2), cover, signal),
  );
  return {
    video,
    cover,
    seconds,
    width: style.width,
    height: style.height,
    cues,
    sceneStarts,
    engine: `${speeches[0]!.engine} + ffmpeg`,
    offline: speeches.some((s) => s.offline),
  };
};
