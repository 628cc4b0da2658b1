import type { TimedSegment, TtsVoice } from '@app/contract';
import {
  audibleSeconds,
  decodeToPcm,
  encodeMp3,
  leadingSilenceSeconds,
  pcmSeconds,
  SAMPLE_RATE,
  silence,
} from '../audio.js';
import { cleanForSpeech } from '../text/clean.js';
import { splitIntoCues } from '../text/cues.js';
import type { TtsEngine } from './tts-engine.js';

/** Pauses between pieces at speed 100 % (shorter when faster). */
const SENTENCE_PAUSE_SECONDS = 0.35;
const CLAUSE_PAUSE_SECONDS = 0.12;
/** Silence kept after the last audible sample of a piece. */
const TAIL_SECONDS = 0.04;

export interface SpokenCue extends TimedSegment {
  /** Index of the sentence the cue belongs to. */
  sentence: number;
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

/**
 * Speaks a text with a voice and speed: cleaned (markdown, LaTeX, emoji), cut into subtitle-sized cues,
 * each cue synthesised on its own so its start and end are exact, joined with pauses and encoded once as a
 * loudness-normalised MP3. `onProgress` gets the fraction done (0–1) after each cue.
 */
export const synthesizeSpeech = async (
  engine: TtsEngine,
  input: {
    text: string;
    voice: TtsVoice;
    speed: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => Promise<void> | void;
  },
): Promise<SpeechResult> => {
  const cues = splitIntoCues(cleanForSpeech(input.text));
  if (!cues.length) throw new EmptySpeechTextError();
  const parts: Buffer[] = [];
  const spoken: SpokenCue[] = [];
  let at = 0;
  for (const [index, cue] of cues.entries()) {
    const pieces: Buffer[] = [];
    for (const text of withinLimit(cue.speak, engine.maxChars)) {
      const audio = await engine.synthesize({
        text,
        voice: input.voice,
        speed: input.speed,
        signal: input.signal,
      });
      pieces.push(await decodeToPcm(audio, input.signal));
    }
    const raw = Buffer.concat(pieces);
    const audible = audibleSeconds(raw);
    const pcm = raw.subarray(0, Math.min(raw.length, Math.round((audible + TAIL_SECONDS) * SAMPLE_RATE) * 2));
    spoken.push({
      start: round(at + Math.min(leadingSilenceSeconds(pcm), audible)),
      end: round(at + audible),
      text: cue.text,
      sentence: cue.sentence,
    });
    parts.push(pcm);
    at += pcmSeconds(pcm);
    if (index < cues.length - 1) {
      const pause = ((cue.endsSentence ? SENTENCE_PAUSE_SECONDS : CLAUSE_PAUSE_SECONDS) * 100) / input.speed;
      parts.push(silence(pause));
      at += pause;
    }
    await input.onProgress?.((index + 1) / cues.length);
  }
  const audio = await encodeMp3(Buffer.concat(parts), input.signal);
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
    engine: engine.name,
    offline: engine.offline,
  };
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
