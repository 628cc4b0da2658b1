import { parseDubText, type DubReading, type TtsVoice } from '@app/contract';
import { cleanForSpeech } from '../text/clean.js';
import type { SpeechItem } from './synthesize.js';
import type { TtsEngine } from './tts-engine.js';

/** A line of a script ready to speak: its voice and engine resolved, its text with the editor's marks. */
export interface ScriptLine {
  speaker: string;
  voice: TtsVoice;
  engine: TtsEngine;
  speed: number;
  text: string;
}

/** Silence between two lines of the same speaker, and between two speakers (a turn takes a breath longer). */
const LINE_GAP_SECONDS = 0.35;
export const TURN_GAP_SECONDS = 0.6;

const PRIVATE_USE = 0xe000;

/**
 * cleanForSpeech on a text whose fixed characters must keep their readings: each fixed character travels
 * through the cleaning as a private-use character of its own (one UTF-16 unit, as the character itself), so
 * wherever the cleaning moves it, its reading follows.
 */
export const cleanWithReadings = (text: string, readings: readonly DubReading[]) => {
  const chars = [...text.split('')];
  readings.forEach((r, k) => {
    if (chars[r.at] === r.char) chars[r.at] = String.fromCharCode(PRIVATE_USE + k);
  });
  // Emoji stay on screen (the voice drops them as it speaks).
  const cleaned = cleanForSpeech(chars.join(''), { keepEmoji: true });
  const out: DubReading[] = [];
  let plain = '';
  for (let i = 0; i < cleaned.length; i += 1) {
    const k = cleaned.charCodeAt(i) - PRIVATE_USE;
    const reading = k >= 0 && k < readings.length ? readings[k] : undefined;
    if (reading) {
      out.push({ ...reading, at: i });
      plain += reading.char;
    } else plain += cleaned[i];
  }
  return { text: plain, readings: out };
};

/**
 * The speech of a script: each line's text pieces in its voice, its pauses as exact silence, and a natural gap
 * between lines (longer when the speaker changes). A pause next to a line's edge replaces the gap there.
 */
export const scriptItems = (lines: readonly ScriptLine[]): SpeechItem[] => {
  const items: SpeechItem[] = [];
  const addSilence = (seconds: number) => {
    const last = items[items.length - 1];
    if (last?.kind === 'silence') last.seconds += seconds;
    else items.push({ kind: 'silence', seconds });
  };
  let previous: { speaker: string; endsWithPause: boolean } | null = null;
  for (const line of lines) {
    const parts = parseDubText(line.text);
    if (!parts.length) continue;
    if (previous && !previous.endsWithPause && parts[0]!.kind !== 'pause')
      addSilence(previous.speaker === line.speaker ? LINE_GAP_SECONDS : TURN_GAP_SECONDS);
    for (const part of parts) {
      if (part.kind === 'pause') {
        addSilence(part.seconds);
        continue;
      }
      const cleaned = cleanWithReadings(part.text, part.readings);
      if (!/[\p{L}\p{N}]/u.test(cleaned.text)) continue;
      items.push({
        kind: 'speech',
        piece: {
          engine: line.engine,
          voice: line.voice,
          speed: line.speed,
          text: cleaned.text,
          readings: cleaned.readings,
          ...(line.speaker ? { speaker: line.speaker } : {}),
        },
      });
    }
    previous = { speaker: line.speaker, endsWithPause: parts[parts.length - 1]!.kind === 'pause' };
  }
  return items;
};
