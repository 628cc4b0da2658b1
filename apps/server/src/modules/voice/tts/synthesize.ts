import type { DubReading, TimedSegment, TtsVoice } from '@app/contract';
import {
  audibleSeconds,
  decodeToPcm,
  encodeMp3,
  leadingSilenceSeconds,
  pcmSeconds,
  SAMPLE_RATE,
  silence,
} from '../audio.js';
import { cleanForSpeech, withoutEmoji } from '../text/clean.js';
import { splitIntoCues } from '../text/cues.js';
import { aiLeadInPcm, type AudioLeadIn } from './ai-lead-in.js';
import type { TtsEngine } from './tts-engine.js';

/** Pauses between pieces at speed 100 % (shorter when faster). */
const SENTENCE_PAUSE_SECONDS = 0.35;
const CLAUSE_PAUSE_SECONDS = 0.12;
/** Silence kept after the last audible sample of a piece. */
const TAIL_SECONDS = 0.04;

export interface SpokenCue extends TimedSegment {
  /** Index of the sentence the cue belongs to. */
  sentence: number;
  speaker?: string;
}

export interface SpeechResult {
  /** Loudness-normalised MP3. */
  audio: Buffer;
  /** Seconds. */
  duration: number;
  /** Subtitle-sized pieces with the exact times they are spoken. */
  cues: SpokenCue[];
  /** Whole sentences with the times they are spoken (first cue's start to last cue's end). */
  sentences: TimedSegment[];
  engine: string;
  offline: boolean;
}

export class EmptySpeechTextError extends Error {
  constructor() {
    super('tts_text_empty');
  }
}

/** Cuts a piece longer than the engine accepts (cues are short, so this only matters for tiny limits). */
const withinLimit = (text: string, maxChars: number): string[] => {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += maxChars) out.push(chars.slice(i, i + maxChars).join(''));
  return out;
};

/** One stretch of speech in one voice: cleaned text, its fixed readings (index into `text`), who says it. */
export interface SpeechPiece {
  engine: TtsEngine;
  voice: TtsVoice;
  speed: number;
  text: string;
  readings: DubReading[];
  speaker?: string;
}
/** What the pipeline lays end to end: speech, or an exact stretch of silence (a timed pause, a dialogue gap). */
export type SpeechItem = { kind: 'speech'; piece: SpeechPiece } | { kind: 'silence'; seconds: number };

/**
 * The readings of `text` that fall inside `speak` (a cue cut from it, which may have lost or gained spaces),
 * re-indexed into `speak`. `from` is where the search starts in `text`; answers where the cue ended.
 */
const readingsOfCue = (text: string, readings: readonly DubReading[], speak: string, from: number) => {
  const out: DubReading[] = [];
  let cursor = from;
  for (let i = 0; i < speak.length; i += 1) {
    const found = text.indexOf(speak[i]!, cursor);
    // A character the cue added (a space between joined clauses) is not in the text.
    if (found < 0 || (found - cursor > 8 && /\s/.test(speak[i]!))) continue;
    const reading = readings.find((r) => r.at === found);
    if (reading) out.push({ ...reading, at: i });
    cursor = found + 1;
  }
  return { readings: out, next: cursor };
};

/**
 * What the voice says of a piece of a cue: the piece without its emoji (they stay in the cue's text, on screen),
 * its readings moved to the characters' new places.
 */
const speakable = (shown: string, readings: DubReading[]): { text: string; readings: DubReading[] } => {
  let text = '';
  const moved = new Map<number, number>();
  let index = 0;
  for (const char of shown) {
    if (withoutEmoji(char)) {
      moved.set(index, text.length);
      text += char;
    }
    index += char.length;
  }
  const kept = readings.flatMap((r) => (moved.has(r.at) ? [{ ...r, at: moved.get(r.at)! }] : []));
  return { text, readings: kept };
};

export interface SpeakOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => Promise<void> | void;
  /** A dubbing's AI label at the start (every cue's time moves by its length, so the subtitles follow). */
  leadIn?: AudioLeadIn;
  /** Extra ffmpeg output options of the MP3 (its hidden AI label). */
  outputArgs?: string[];
}

/**
 * Lays speech items end to end: each piece cut into subtitle-sized cues, each cue synthesised on its own so
 * its start and end are exact, joined with the natural pauses of punctuation (shorter when faster) and the
 * items' exact silences, encoded once as a loudness-normalised MP3. `onProgress` gets the fraction done (0–1).
 */
export const speakItems = async (
  items: SpeechItem[],
  options: SpeakOptions = {},
): Promise<SpeechResult> => {
  const planned = items.map((item) => {
    if (item.kind === 'silence') return item;
    let cursor = 0;
    const cues = splitIntoCues(item.piece.text).map((cue) => {
      const { readings, next } = readingsOfCue(item.piece.text, item.piece.readings, cue.speak, cursor);
      cursor = next;
      return { ...cue, readings };
    });
    return { kind: 'speech' as const, piece: item.piece, cues };
  });
  const total = planned.reduce((n, item) => n + (item.kind === 'speech' ? item.cues.length : 0), 0);
  if (!total) throw new EmptySpeechTextError();
  const parts: Buffer[] = [];
  const spoken: SpokenCue[] = [];
  let at = 0;
  let done = 0;
  let sentenceBase = 0;
  /** True right after an exact silence: the next cue's own leading silence is trimmed so the pause is exact. */
  let afterSilence = false;
  let engineName = '';
  let offline = true;
  if (options.leadIn) {
    const first = planned.find((item) => item.kind === 'speech');
    const lead = await aiLeadInPcm(options.leadIn, first?.piece, options.signal);
    parts.push(lead);
    at += pcmSeconds(lead);
  }
  for (const item of planned) {
    if (item.kind === 'silence') {
      // The cue before kept a short tail of silence: it counts towards the pause.
      const tail = parts.length ? TAIL_SECONDS : 0;
      const seconds = Math.max(0, item.seconds - tail);
      parts.push(silence(seconds));
      at += seconds;
      afterSilence = true;
      continue;
    }
    const { piece, cues } = item;
    engineName ||= piece.engine.name;
    offline &&= piece.engine.offline;
    let lastSentence = -1;
    for (const [index, cue] of cues.entries()) {
      const pieces: Buffer[] = [];
      let offset = 0;
      for (const shown of withinLimit(cue.speak, piece.engine.maxChars)) {
        const { text, readings } = speakable(
          shown,
          cue.readings.filter((r) => r.at >= offset && r.at < offset + shown.length).map((r) => ({ ...r, at: r.at - offset })),
        );
        offset += shown.length;
        // Emoji are shown, never said: a piece of nothing but emoji is silent.
        if (!/[\p{L}\p{N}]/u.test(text)) continue;
        const audio = await piece.engine.synthesize({
          text,
          voice: piece.voice,
          speed: piece.speed,
          ...(readings.length ? { readings } : {}),
          signal: options.signal,
        });
        pieces.push(await decodeToPcm(audio, options.signal));
      }
      let raw = Buffer.concat(pieces);
      if (afterSilence) {
        raw = raw.subarray(
          Math.round(Math.min(leadingSilenceSeconds(raw), audibleSeconds(raw)) * SAMPLE_RATE) * 2,
        );
        afterSilence = false;
      }
      const audible = audibleSeconds(raw);
      const pcm = raw.subarray(
        0,
        Math.min(raw.length, Math.round((audible + TAIL_SECONDS) * SAMPLE_RATE) * 2),
      );
      spoken.push({
        start: round(at + Math.min(leadingSilenceSeconds(pcm), audible)),
        end: round(at + audible),
        text: cue.text,
        sentence: sentenceBase + cue.sentence,
        ...(piece.speaker ? { speaker: piece.speaker } : {}),
      });
      lastSentence = cue.sentence;
      parts.push(pcm);
      at += pcmSeconds(pcm);
      if (index < cues.length - 1) {
        const pause =
          ((cue.endsSentence ? SENTENCE_PAUSE_SECONDS : CLAUSE_PAUSE_SECONDS) * 100) / piece.speed;
        parts.push(silence(pause));
        at += pause;
      }
      done += 1;
      await options.onProgress?.(done / total);
    }
    sentenceBase += lastSentence + 1;
  }
  const audio = await encodeMp3(Buffer.concat(parts), options.signal, options.outputArgs);
  const sentences: TimedSegment[] = [];
  for (const cue of spoken) {
    const last = sentences[cue.sentence];
    if (last) {
      last.end = cue.end;
      last.text += cue.text;
    } else sentences[cue.sentence] = { start: cue.start, end: cue.end, text: cue.text };
  }
  return {
    audio,
    duration: round(at),
    cues: spoken,
    sentences: sentences.filter(Boolean),
    engine: engineName,
    offline,
  };
};

/**
 * Speaks a text with a voice and speed: cleaned (markdown, LaTeX, emoji), cut into subtitle-sized cues,
 * each cue synthesised on its own so its start and end are exact, joined with pauses and encoded once as a
 * loudness-normalised MP3. `onProgress` gets the fraction done (0–1) after each cue.
 */
export const synthesizeSpeech = async (
  engine: TtsEngine,
  input: SpeakOptions & { text: string; voice: TtsVoice; speed: number },
): Promise<SpeechResult> => {
  // Emoji stay in the cues (subtitles show them); the voice never says them (speakable).
  const text = cleanForSpeech(input.text, { keepEmoji: true });
  if (!splitIntoCues(text).length) throw new EmptySpeechTextError();
  return speakItems(
    [{ kind: 'speech', piece: { engine, voice: input.voice, speed: input.speed, text, readings: [] } }],
    input,
  );
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
