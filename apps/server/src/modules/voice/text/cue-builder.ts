import type { TimedSegment } from '@app/contract';
import { CUE_MAX_WIDTH, splitIntoCues, textWidth } from './cues.js';
import { breakText } from './line-breaks.js';

/**
 * The one cue builder of dubbing SRTs, audio-to-subtitles and video subtitles: timed speech in, subtitle cues
 * out that break only at punctuation or between words (jieba), each on screen at least CUE_MIN_SECONDS (a cue
 * too short to read is lengthened into the pause after it, or joined to a neighbour) and at most
 * CUE_MAX_SECONDS (split between words, its time shared out by width); a long pause always ends a cue.
 */
export const CUE_MIN_SECONDS = 0.8;
export const CUE_MAX_SECONDS = 7;
/** A pause at least this long between two pieces of speech is never bridged by one cue. */
const CUE_SILENCE_SECONDS = 1;

const MIN_MS = CUE_MIN_SECONDS * 1000;
const MAX_MS = CUE_MAX_SECONDS * 1000;
const SILENCE_MS = CUE_SILENCE_SECONDS * 1000;
/** A cue made of joined short pieces may take two subtitle lines. */
const JOINED_MAX_WIDTH = CUE_MAX_WIDTH * 2;

interface Piece {
  start: number;
  end: number;
  text: string;
  /** A dialogue's speaker: two speakers' words never share a cue. */
  speaker?: string;
}

const length = (piece: Piece) => piece.end - piece.start;
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Two pieces shown as one: a space between them (subtitles show clause punctuation as a space). */
const joined = (a: string, b: string) => `${a} ${b}`;

/** Time shared out over texts by their width (a piece of speech said at an even pace). */
const shareTime = (start: number, end: number, texts: string[]): Piece[] => {
  const widths = texts.map((text) => Math.max(0.5, textWidth(text)));
  const total = widths.reduce((a, b) => a + b, 0);
  let used = 0;
  return texts.map((text, i) => {
    const from = start + Math.round(((end - start) * used) / total);
    used += widths[i]!;
    return { start: from, end: start + Math.round(((end - start) * used) / total), text };
  });
};

const withSpeaker = (from: Piece, pieces: Piece[]): Piece[] =>
  from.speaker ? pieces.map((p) => ({ ...p, speaker: from.speaker })) : pieces;

/** Segments in time order, in whole milliseconds, that never overlap; empty or broken ones dropped. */
const ordered = (segments: TimedSegment[]): Piece[] => {
  const sorted = segments
    .map((s) => ({
      start: Math.round(Math.max(0, s.start) * 1000),
      end: Math.round(Math.max(0, s.end) * 1000),
      text: tidy(s.text),
      ...(s.speaker ? { speaker: s.speaker } : {}),
    }))
    .filter((s) => s.text && Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  return sorted.map((piece, i) => {
    const next = sorted[i + 1];
    const end = Math.max(piece.start, next ? Math.min(piece.end, next.start) : piece.end);
    return { ...piece, end };
  });
};

/** A segment cut into cue-sized texts at punctuation and between words. */
const toCueSized = (piece: Piece): Piece[] => {
  const cues = splitIntoCues(piece.text);
  if (cues.length <= 1) return [{ ...piece, text: cues[0]?.text ?? piece.text }];
  return withSpeaker(piece, shareTime(piece.start, piece.end, cues.map((cue) => cue.text)));
};

/**
 * A piece longer than the maximum cut by the shared line-breaking rule into pieces that are not: its speech
 * at an even pace, so a width in proportion to the time allowed.
 */
const splitLong = (piece: Piece): Piece[] => {
  if (length(piece) <= MAX_MS) return [piece];
  const total = textWidth(piece.text);
  for (const share of [0.95, 0.85, 0.75, 0.6]) {
    const texts = breakText(piece.text, Math.max(1, (total * MAX_MS * share) / length(piece)), textWidth);
    if (texts.length < 2) return [piece];
    const pieces = withSpeaker(piece, shareTime(piece.start, piece.end, texts));
    if (pieces.every((p) => length(p) <= MAX_MS)) return pieces;
  }
  return [piece];
};

const canJoin = (a: Piece, b: Piece) =>
  a.speaker === b.speaker &&
  b.start - a.end < SILENCE_MS &&
  b.end - a.start <= MAX_MS &&
  textWidth(joined(a.text, b.text)) <= JOINED_MAX_WIDTH;

/** Lengthens or joins every piece shorter than the minimum (see the module comment). */
const lengthenShort = (pieces: Piece[], until: number): Piece[] => {
  const out = pieces.map((p) => ({ ...p }));
  for (let i = 0; i < out.length; i += 1) {
    const piece = out[i]!;
    while (length(piece) < MIN_MS) {
      const next = out[i + 1];
      const prev = out[i - 1];
      const need = MIN_MS - length(piece);
      if (!next && until - piece.end < need) {
        // The last cue, with the end of the speech's window close: up to the end, then joined to the one
        // before, or begun earlier, or (a window shorter than a cue) past the end.
        piece.end = Math.max(piece.end, until);
        if (length(piece) >= MIN_MS) break;
        if (prev && canJoin(prev, piece)) {
          prev.end = piece.end;
          prev.text = joined(prev.text, piece.text);
          out.splice(i, 1);
          i -= 1;
          break;
        }
        if (prev && piece.end - MIN_MS - prev.start >= MIN_MS) {
          piece.start = piece.end - MIN_MS;
          prev.end = Math.min(prev.end, piece.start);
        } else piece.end = piece.start + MIN_MS;
      } else if (!next || next.start - piece.end >= need) {
        // The pause after it (or the end of the speech) leaves room: the cue stays up a little longer.
        piece.end += need;
      } else if (canJoin(piece, next)) {
        piece.end = next.end;
        piece.text = joined(piece.text, next.text);
        out.splice(i + 1, 1);
      } else if (prev && canJoin(prev, piece)) {
        prev.end = piece.end;
        prev.text = joined(prev.text, piece.text);
        out.splice(i, 1);
        i -= 1;
        break;
      } else if (next.end - (piece.start + MIN_MS) >= MIN_MS) {
        // Neither pause nor neighbour can take it: the next cue starts a moment later.
        piece.end = piece.start + MIN_MS;
        next.start = piece.end;
      } else if (prev && piece.end - MIN_MS - prev.start >= MIN_MS) {
        piece.start = piece.end - MIN_MS;
        prev.end = Math.min(prev.end, piece.start);
      } else if (piece.speaker !== next.speaker) {
        // Another speaker's cue is never taken in: this one stays short rather than mix two voices.
        break;
      } else {
        piece.end = next.end;
        piece.text = joined(piece.text, next.text);
        out.splice(i + 1, 1);
      }
    }
  }
  return out;
};

/**
 * Subtitle cues from timed speech (a TTS engine's cues, a transcription's sentences, a video scene's voice).
 * `until` (seconds) is the end of the window the cues live in (a video scene): the last cue is lengthened past
 * it only when nothing else can make it long enough.
 */
export const buildCues = (segments: TimedSegment[], options: { until?: number } = {}): TimedSegment[] =>
  lengthenShort(
    ordered(segments).flatMap(toCueSized).flatMap(splitLong),
    options.until === undefined ? Infinity : Math.round(options.until * 1000),
  ).map((piece) => ({
    start: piece.start / 1000,
    end: piece.end / 1000,
    text: piece.text,
    ...(piece.speaker ? { speaker: piece.speaker } : {}),
  }));
