/**
 * The one rule for where a subtitle breaks, shared by every SRT, ASS and burned-in subtitle (dubbing cues,
 * audio-to-subtitles cues, video scene cues, the lines inside a cue, titles): punctuation first (the callers cut
 * sentences and clauses there), then only between words of the segmenter (jieba), and among word boundaries the
 * ones a reader expects: before a conjunction, preposition or adverb, after a particle such as 了, hardly ever
 * inside a noun phrase (龙井|虾仁), between a number and its measure word, after 的 or an adverb, or before
 * 了/的/吗. Pieces are as few as the width allows,
 * then as even as they can be.
 */
import { taggedWordsOf } from './words.js';

/** A breaking point's cost by the kinds of word on its two sides (jieba's part-of-speech tags). */
const NOUNISH = /^(n|nr|nrt|nrfg|ns|nt|nz|ng|vn|an|j|l|i|s|f)$/;
const MODIFIER = /^(a|ad|ag|b|m|mq|q|r|rz|z)$/;
const PARTICLE = /^(u|ud|ug|uj|ul|uv|uz|y|e|o|k)$/;
const JOINING = /^(c|p|cc)$/;

const isEmoji = (word: string) => /^(?:\p{Extended_Pictographic}|\u200d|\ufe0f|[\u{1F3FB}-\u{1F3FF}])+$/u.test(word);
const isPause = (word: string) => !isEmoji(word) && (!word.trim() || /^[\p{P}\p{S}\s]+$/u.test(word));
const isOpening = (word: string) => /^[“‘「『（(《〈【[]/.test(word);
const isClosing = (word: string) => /^[\p{Pe}\p{Pf}\p{Po}]/u.test(word) && !isOpening(word);

/** A break made only when nothing else fits: before closing punctuation, after an opening mark. */
const LAST_RESORT = 60;

/** What breaking between two words costs (0 best). */
export const breakCost = (left: { word: string; tag: string }, right: { word: string; tag: string }): number => {
  if (isClosing(right.word) && !isPause(left.word)) return LAST_RESORT;
  if (isOpening(left.word)) return LAST_RESORT;
  // An emoji belongs to the words before it (好吃😋 | 下次再来).
  if (isEmoji(right.word)) return 9;
  if (isEmoji(left.word)) return 0;
  if (isPause(left.word) || isPause(right.word)) return 0;
  if (PARTICLE.test(right.tag)) return 12;
  if (JOINING.test(left.tag)) return 8;
  if (NOUNISH.test(left.tag) && NOUNISH.test(right.tag)) return 10;
  if (left.tag === 'm' && /^(q|m|mq)$/.test(right.tag)) return 10;
  if (MODIFIER.test(left.tag) && NOUNISH.test(right.tag)) return 7;
  // 的 and an adverb lean on what follows (老木匠做了一辈子的|家具, 四点就|去).
  if (/^(uj|ud|d|zg)$/.test(left.tag)) return 6;
  if (JOINING.test(right.tag)) return 0.5;
  if (PARTICLE.test(left.tag)) return 1;
  if (right.tag === 'd') return 1.5;
  if (/^v/.test(left.tag) && NOUNISH.test(right.tag)) return 4;
  return 3;
};

/** Widths are sums of fractions (0.55 a Latin letter): a line exactly full may come out a hair over. */
const EPSILON = 1e-9;

interface Plan {
  pieces: number;
  cost: number;
  from: number;
}

/** A word wider than a whole piece: cut at the width (the only cut ever made inside a word). */
const cutWide = (word: string, max: number, width: (text: string) => number): string[] => {
  const out: string[] = [];
  let current = '';
  for (const char of word) {
    if (current && width(current + char) > max + EPSILON) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  if (current) out.push(current);
  return out;
};

/**
 * A text broken into pieces no wider than `max` (by `width`), each piece its words as the segmenter cut them
 * (joined, they are the piece; a piece never starts or ends with a space). Fewest pieces first; among those
 * the cheapest breaks (breakCost) and the most even widths.
 */
export const breakIntoWords = (text: string, max: number, width: (text: string) => number): string[][] => {
  const tagged = taggedWordsOf(text).flatMap((t) =>
    width(t.word) > max + EPSILON ? cutWide(t.word, max, width).map((word) => ({ word, tag: 'x' })) : [t],
  );
  const n = tagged.length;
  if (!n) return [];
  const words = tagged.map((t) => t.word);
  const pieceWidth = (from: number, to: number) => width(words.slice(from, to).join('').trim());
  const total = width(text.trim());
  // best[i]: the best plan for words[0..i) ending with a break before word i.
  const best: (Plan | null)[] = [{ pieces: 0, cost: 0, from: 0 }];
  for (let i = 1; i <= n; i += 1) {
    best[i] = null;
    const breakHere = i === n ? 0 : breakCost(tagged[i - 1]!, tagged[i]!);
    for (let from = i - 1; from >= 0; from -= 1) {
      const w = pieceWidth(from, i);
      if (w > max + EPSILON) break;
      const before = best[from];
      if (!before || !w) continue;
      // Evenness: a piece much shorter than the average of a two-or-more-piece layout costs a little.
      const pieces = before.pieces + 1;
      const uneven = Math.abs(w - Math.min(max, total / Math.max(1, Math.ceil(total / max)))) / max;
      const cost = before.cost + breakHere + 3 * uneven;
      const current = best[i];
      if (!current || pieces < current.pieces || (pieces === current.pieces && cost < current.cost))
        best[i] = { pieces, cost, from };
    }
  }
  if (!best[n]) return [trimPiece(words)].filter((p) => p.length);
  const pieces: string[][] = [];
  for (let i = n; i > 0; i = best[i]!.from) pieces.unshift(words.slice(best[i]!.from, i));
  return pieces.map(trimPiece).filter((p) => p.length);
};

/** A piece without spaces at its ends. */
const trimPiece = (piece: string[]): string[] => {
  const out = [...piece];
  while (out.length && !out[0]!.trim()) out.shift();
  while (out.length && !out[out.length - 1]!.trim()) out.pop();
  return out;
};

/** The same as breakIntoWords, each piece as one string. */
export const breakText = (text: string, max: number, width: (text: string) => number): string[] =>
  breakIntoWords(text, max, width).map((piece) => piece.join(''));
