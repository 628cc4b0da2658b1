/**
 * Subtitle-sized pieces of a text: sentences split at their ends, then at clause punctuation so that a cue
 * holds at most CUE_MAX_WIDTH (a Chinese character counts 1, a Latin letter or space ½, so ~16 characters
 * of Chinese or ~32 of English); a clause longer than that is cut between words (jieba), never inside one.
 */
import { breakText } from './line-breaks.js';

export const CUE_MAX_WIDTH = 16;

export interface Cue {
  /** What is spoken (keeps its punctuation for intonation and pauses). */
  speak: string;
  /** What the subtitle shows (no trailing comma or full stop). */
  text: string;
  /** Index of the sentence it belongs to. */
  sentence: number;
  /** Whether it ends its sentence (a longer pause follows). */
  endsSentence: boolean;
}

type EndTest = (char: string, next: string | undefined, prev: string | undefined, before: string) => boolean;

const STOP = /[。！？!?；;…]/;
/** What stays with the stop before it: closing marks, and emoji (真好吃！😋 shows the emoji with its sentence). */
const TRAILING = /[。！？!?…”’」』)）"]|\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f/u;
const TRAILING_RUN = /(?:[”’」』)）"]|\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f)+$/u;
const sentenceEnd: EndTest = (char, next, _prev, before) =>
  char === '\n' ||
  (char === '.' && (next === undefined || /\s/.test(next))) ||
  // A stop ends the sentence unless closing marks or emoji follow (。” ends after the quote, ！😋 after the emoji).
  ((STOP.test(char) || (TRAILING.test(char) && STOP.test(before.replace(TRAILING_RUN, '').slice(-1)))) &&
    !(next && TRAILING.test(next)));
// A comma or colon between digits (1,000 or 8:30) is not a pause.
const clauseEnd: EndTest = (char, next) => /[，、,：:]/.test(char) && !(next && /\d/.test(next));

export const textWidth = (text: string): number => {
  let width = 0;
  for (const char of text)
    width += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(char) ? 1 : 0.5;
  return width;
};

/** Splits after each character where `isEnd` says so (the punctuation stays with the piece before it). */
const splitAfter = (text: string, isEnd: EndTest): string[] => {
  const pieces: string[] = [];
  let current = '';
  const chars = [...text];
  chars.forEach((char, i) => {
    const before = current;
    current += char;
    if (isEnd(char, chars[i + 1], chars[i - 1], before)) {
      pieces.push(current);
      current = '';
    }
  });
  pieces.push(current);
  // A piece with nothing to say (an emoji after a full stop: 好吃！😋) stays with the piece before it.
  const out: string[] = [];
  for (const piece of pieces.map((p) => p.trim())) {
    if (/[\p{L}\p{N}]/u.test(piece)) out.push(piece);
    else if (out.length && /\p{Extended_Pictographic}/u.test(piece)) out[out.length - 1] += piece;
  }
  return out;
};

/**
 * Cuts a clause wider than the limit by the shared line-breaking rule (line-breaks.ts): between words (jieba:
 * 就显露出来了 stays whole, never 就显 | 露出来了), at the boundaries a reader expects; a single word wider than the
 * limit is the only thing cut inside.
 */
const cutLong = (clause: string): string[] => breakText(clause, CUE_MAX_WIDTH, textWidth);

/** Subtitles drop quotation marks and the comma or full stop that ends a piece. */
const display = (speak: string) =>
  speak
    .replace(/[“”"「」『』]/g, '')
    .trim()
    .replace(/[，、,。.；;：:\s]+$/u, '');

export const splitIntoCues = (text: string): Cue[] => {
  const cues: Cue[] = [];
  splitAfter(text, sentenceEnd).forEach((sentence, index) => {
    const pieces: string[] = [];
    let current = '';
    for (const clause of splitAfter(sentence, clauseEnd)) {
      if (current && textWidth(display(current + clause)) <= CUE_MAX_WIDTH) {
        current += (/[\x21-\x7e]$/.test(current) && /^[A-Za-z0-9]/.test(clause) ? ' ' : '') + clause;
        continue;
      }
      if (current) pieces.push(current);
      current = '';
      if (textWidth(display(clause)) <= CUE_MAX_WIDTH) current = clause;
      else {
        const cut = cutLong(clause);
        current = cut.pop() ?? '';
        pieces.push(...cut);
      }
    }
    if (current) pieces.push(current);
    pieces.forEach((speak, i) =>
      cues.push({ speak, text: display(speak), sentence: index, endsSentence: i === pieces.length - 1 }),
    );
  });
  return cues.filter((cue) => cue.text);
};
