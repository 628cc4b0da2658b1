import { cleanMediaText } from '../../../platform/text/media-text.js';

/** Frames per second of every video. */
export const FPS = 30;

export interface TimedText {
  /** Seconds from the start of the scene. */
  start: number;
  end: number;
  text: string;
}

export interface TextStyle {
  width: number;
  height: number;
  font: string;
  fontSize: number;
  /** `#RRGGBB`. */
  fontColor: string;
  /** Anchor 1–9 in reading order (1 top-left … 9 bottom-right). */
  subtitleAnchor: number;
  titleAnchor: number;
}

/** Reading-order cell (1 top-left … 9 bottom-right) to ASS `\an` numpad alignment (7 8 9 / 4 5 6 / 1 2 3). */
export const assAlignment = (anchor: number): number => {
  const row = Math.floor((anchor - 1) / 3);
  const col = (anchor - 1) % 3;
  return (2 - row) * 3 + col + 1;
};

/** `#RRGGBB` as an ASS colour `&HAABBGGRR` (anything else is white: nothing else enters the style line). */
const assColour = (colour: string, alpha = 0) => {
  const hex = /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#FFFFFF';
  return `&H${alpha.toString(16).padStart(2, '0')}${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`.toUpperCase();
};

/** ASS time `H:MM:SS.cc` (centiseconds, rounded down so a cue never starts late). */
export const assTime = (seconds: number): string => {
  const cs = Math.max(0, Math.floor(seconds * 100 + 1e-6));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};

/**
 * Text safe inside an ASS dialogue line: no control characters (a CR or LF would end our event and start the
 * text's own), no braces (override tags) or backslashes (escapes); a caption's line breaks become `\N`.
 */
const assText = (text: string, lines: 'one' | 'several' = 'one') =>
  cleanMediaText(text, { keepLineBreaks: lines === 'several' })
    .replace(/[{}\\]/g, '')
    .replace(/\n/g, '\\N');

/** A font name safe in an ASS style line (fields are comma-separated, lines end at a line break). */
const assFont = (font: string) => cleanMediaText(font).replace(/,/g, ' ').trim() || 'sans-serif';

/**
 * One scene's ASS script: the title for the whole scene at the title anchor, and the subtitle cues at the
 * subtitle anchor, both in the CJK font with an outline so they read on any picture.
 */
export const buildSceneAss = (input: {
  style: TextStyle;
  seconds: number;
  title: string | null;
  cues: TimedText[];
  /** A clip's text: large, centred, for the whole scene. */
  caption?: string;
}): string => {
  const { style } = input;
  const margin = Math.round(style.height * 0.08);
  const side = Math.round(style.width * 0.06);
  const colour = assColour(style.fontColor);
  const outline = assColour('#000000');
  const shadow = assColour('#000000', 0x80);
  const titleSize = Math.round(style.fontSize * 1.15);
  const line = (name: string, size: number, anchor: number) =>
    `Style: ${name},${assFont(style.font)},${size},${colour},${colour},${outline},${shadow},-1,0,0,0,100,100,0,0,1,${Math.max(2, Math.round(size / 16))},2,${anchor},${side},${side},${margin},1`;
  const events: string[] = [];
  const end = assTime(input.seconds);
  if (input.title) events.push(`Dialogue: 1,${assTime(0)},${end},Title,,0,0,0,,${assText(input.title)}`);
  if (input.caption)
    events.push(`Dialogue: 1,${assTime(0)},${end},Caption,,0,0,0,,${assText(input.caption, 'several')}`);
  for (const cue of input.cues) {
    events.push(`Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Sub,,0,0,0,,${assText(cue.text)}`);
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${style.width}`,
    `PlayResY: ${style.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    line('Sub', style.fontSize, assAlignment(style.subtitleAnchor)),
    line('Title', titleSize, assAlignment(style.titleAnchor)),
    line('Caption', titleSize, 5),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
};
