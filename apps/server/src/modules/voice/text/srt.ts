import type { TimedSegment } from '@app/contract';
import { cleanMediaText } from '../../../platform/text/media-text.js';
import { splitIntoCues, textWidth } from './cues.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds as an SRT time, `HH:MM:SS,mmm`. */
export const formatSrtTime = (seconds: number): string => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
};

/** Shortest time a cue stays on screen. */
const MIN_CUE_SECONDS = 0.3;

/**
 * Cues in time order that never overlap (a cue ends no later than the next starts) and last at least a
 * moment; empty texts are dropped. The input may come from a provider, so nothing about it is assumed.
 */
/** A cue of an SRT: a timed segment, and maybe an extra line under it (a translation). */
export type SrtCue = TimedSegment & { extra?: string };

export const normalizeSegments = (segments: SrtCue[]): SrtCue[] => {
  const sorted = segments
    .map((s) => ({
      start: Math.max(0, s.start),
      end: Math.max(0, s.end),
      // One line each: a line break in a provider's text would start a cue of its own in the SRT.
      text: cleanMediaText(s.text).replace(/\s+/g, ' ').trim(),
      extra: s.extra ? cleanMediaText(s.extra).replace(/\s+/g, ' ').trim() : '',
      speaker: s.speaker ? cleanMediaText(s.speaker).replace(/\s+/g, ' ').trim() : '',
    }))
    .filter((s) => s.text && Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  return sorted.map((segment, i) => {
    const next = sorted[i + 1];
    let end = Math.max(segment.end, segment.start + MIN_CUE_SECONDS);
    if (next && end > next.start) end = Math.max(segment.start, next.start);
    return {
      start: round(segment.start),
      end: round(end),
      text: segment.text,
      ...(segment.speaker ? { speaker: segment.speaker } : {}),
      ...(segment.extra ? { extra: segment.extra } : {}),
    };
  });
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A cue's line as shown: a dialogue's line starts with its speaker (`甲：…`). */
const cueLine = (segment: Pick<TimedSegment, 'text' | 'speaker'>) =>
  segment.speaker ? `${segment.speaker}：${segment.text}` : segment.text;

/**
 * SubRip text: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, one blank line between cues; a cue may carry
 * extra lines (a translation under the original).
 */
export const buildSrt = (segments: SrtCue[]): string =>
  normalizeSegments(segments)
    .map((s, i) => {
      const body = s.extra ? `${cueLine(s)}\n${s.extra}` : cueLine(s);
      return `${i + 1}\n${formatSrtTime(s.start)} --> ${formatSrtTime(s.end)}\n${body}\n`;
    })
    .join('\n');

/**
 * Long segments (a transcription's sentences) cut into subtitle-sized cues at punctuation, their time shared
 * out by the width of each piece.
 */
export const toCueSegments = (segments: TimedSegment[]): TimedSegment[] =>
  segments.flatMap((segment) => {
    const cues = splitIntoCues(segment.text);
    if (cues.length <= 1) return [{ ...segment, text: cues[0]?.text ?? segment.text.trim() }];
    const widths = cues.map((cue) => Math.max(0.5, textWidth(cue.speak)));
    const total = widths.reduce((a, b) => a + b, 0);
    const span = Math.max(0, segment.end - segment.start);
    let at = segment.start;
    return cues.map((cue, i) => {
      const start = at;
      at += (span * widths[i]!) / total;
      return { start, end: at, text: cue.text };
    });
  });
