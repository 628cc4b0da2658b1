import type { TimedSegment } from '@app/contract';
import { normalizeSegments } from './srt.js';
import { textWidth } from './cues.js';
import { breakIntoWords, breakText } from './line-breaks.js';

/** Seconds as an ASS time, `H:MM:SS.cc`. */
export const formatAssTime = (seconds: number): string => {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

/** ASS text is one line; braces and backslashes would start override tags. */
const assText = (text: string) =>
  text
    .replace(/[{}\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Characters of a line at the header's 64 px on a 1080 px wide play area, inside its 60 px margins. */
const ASS_LINE_WIDTH = Math.floor((1080 - 2 * 60) / 64);

/** A cue's words, its lines (the shared subtitle rule) separated by a `\n` entry. */
const lineWords = (text: string): string[] =>
  breakIntoWords(assText(text), ASS_LINE_WIDTH, textWidth).flatMap((line, i) => (i ? ['\n', ...line] : line));

/**
 * A cue's words (jieba) with karaoke durations in centiseconds: the cue's time, which is our own speech's
 * timing, shared out over its words by their width (an even pace inside one synthesised piece). The
 * durations add up to the cue's length exactly.
 */
export const karaokeWords = (segment: TimedSegment): { text: string; cs: number }[] => {
  const words = lineWords(segment.text);
  const total = Math.max(1, Math.round((segment.end - segment.start) * 100));
  const widths = words.map((w) => (w.trim() && w !== '\n' ? Math.max(0.5, textWidth(w)) : 0));
  const sum = widths.reduce((a, b) => a + b, 0) || 1;
  let used = 0;
  let given = 0;
  return words.map((text, i) => {
    used += widths[i]!;
    const upTo = Math.round((total * used) / sum);
    const cs = upTo - given;
    given = upTo;
    return { text, cs };
  });
};

/**
 * Advanced SubStation Alpha subtitles: each cue an event whose Name is its speaker, with word-level karaoke
 * (`{\k}` per word) when `karaoke` is set. Plays in mpv, VLC, Aegisub and ffmpeg's `subtitles` filter.
 */
export const buildAss = (segments: TimedSegment[], options: { karaoke?: boolean } = {}): string => {
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    'PlayResX: 1080',
    'PlayResY: 1920',
    // Lines are broken by us (the shared subtitle rule), never by the player inside a word.
    'WrapStyle: 2',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Noto Sans CJK SC,64,&H00FFFFFF,&H0000D7FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,3,0,2,60,60,120,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const events = normalizeSegments(segments).map((s) => {
    const text = options.karaoke
      ? karaokeWords(s)
          .map((w) => (w.text === '\n' ? '\\N' : `{\\k${w.cs}}${assText(w.text) || ' '}`))
          .join('')
      : breakText(assText(s.text), ASS_LINE_WIDTH, textWidth).join('\\N');
    const name = assText(s.speaker ?? '').replace(/,/g, ' ');
    return `Dialogue: 0,${formatAssTime(s.start)},${formatAssTime(s.end)},Default,${name},0,0,0,,${text}`;
  });
  return `${[...header, ...events].join('\n')}\n`;
};
