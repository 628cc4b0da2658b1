import type { VideoSubtitleStyle } from '@app/contract';
import { cleanMediaText } from '../../../platform/text/media-text.js';
import { breakIntoWords } from '../../voice/index.js';
import { withEmojiFont } from './emoji-glyphs.js';

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
  /** How subtitles are drawn (jobs queued before styles existed: outlined). */
  subtitleStyle?: VideoSubtitleStyle;
  /** The template's margins kept free of text, in percent (default: defaultSafeMargins). */
  safeArea?: SafeMargins;
}

/** Margins kept free of text, in percent of the canvas. */
export interface SafeMargins {
  top: number;
  bottom: number;
  side: number;
}

/**
 * The usual margins platforms cover with their own buttons and captions: 8 % above and below a vertical
 * canvas, 6 % above and below a landscape or square one, 6 % at the sides.
 */
export const defaultSafeMargins = (width: number, height: number): SafeMargins =>
  height > width ? { top: 8, bottom: 8, side: 6 } : { top: 6, bottom: 6, side: 6 };

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

/** Whether a `#RRGGBB` colour is dark (relative luminance under a half): its text needs a light edge. */
const isDark = (colour: string) => {
  const hex = /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#FFFFFF';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.5;
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

/** Line height of the burned-in text, in font sizes (CJK fonts' ascent and descent with some air). */
export const LINE_HEIGHT = 1.25;
/** Most lines a title takes (a longer one is set smaller, then cut with an ellipsis). */
const TITLE_MAX_LINES = 2;

/** Width of a text in font sizes: a CJK character is a square, anything else about half of one. */
const textWidth = (text: string) => {
  let w = 0;
  for (const char of text)
    w += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|\p{Extended_Pictographic}/u.test(char) ? 1 : 0.55;
  return w;
};

/** The safe area of a canvas in pixels: inside the template's margins (or the usual ones). */
export const safeArea = (width: number, height: number, margins = defaultSafeMargins(width, height)) => {
  const side = Math.round((width * margins.side) / 100);
  return {
    left: side,
    right: width - side,
    top: Math.round((height * margins.top) / 100),
    bottom: height - Math.round((height * margins.bottom) / 100),
  };
};

export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether two boxes share any pixel. */
export const overlaps = (a: TextBox, b: TextBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The box a block of `lines` lines of `size` pixels with `border` pixels of outline or box padding takes when
 * anchored at `anchor` (reading order 1–9) inside the safe area: its `\an` alignment, its `\pos` point, and
 * the box itself (the whole width of the safe area: a line may be as wide as it).
 */
const placeBlock = (
  area: ReturnType<typeof safeArea>,
  anchor: number,
  lines: number,
  size: number,
  border: number,
) => {
  const row = Math.floor((anchor - 1) / 3);
  const col = (anchor - 1) % 3;
  const h = Math.ceil(lines * size * LINE_HEIGHT + 2 * border);
  const x = col === 0 ? area.left : col === 1 ? Math.round((area.left + area.right) / 2) : area.right;
  const middle = Math.round((area.top + area.bottom) / 2);
  const y = row === 0 ? area.top + border : row === 1 ? middle : area.bottom - border;
  const y0 = row === 0 ? area.top : row === 1 ? middle - Math.ceil(h / 2) : area.bottom - h;
  return { an: assAlignment(anchor), x, y, box: { x0: area.left, y0, x1: area.right, y1: y0 + h } };
};

/**
 * A text broken into lines no wider than `perLine` (in font sizes) by the shared subtitle rule (punctuation,
 * then between words, never inside a noun phrase; lines as even as they can be), each line its words; `\N`
 * joins them. Lines come from us, never from the renderer's own wrapping (WrapStyle 2), so the layout is known
 * before rendering.
 */
const wrapWords = (text: string, perLine: number): string[][] => breakIntoWords(text, perLine, textWidth);

/**
 * Karaoke durations in centiseconds of `words` over a cue of `total` centiseconds, shared by width (an even
 * pace within the voice's own cue); they always add up to the cue exactly.
 */
export const karaokeDurations = (words: string[], total: number): number[] => {
  const widths = words.map((w) => Math.max(0.25, textWidth(w.trim()) || 0.25));
  const sum = widths.reduce((a, b) => a + b, 0);
  let used = 0;
  let given = 0;
  return widths.map((w) => {
    used += w;
    const upTo = Math.round((total * used) / sum);
    const d = upTo - given;
    given = upTo;
    return d;
  });
};

const centiseconds = (seconds: number) => Math.max(0, Math.floor(seconds * 100 + 1e-6));

/**
 * One scene's ASS script: the title for the whole scene, the subtitle cues at the chosen subtitle anchor and a
 * clip's caption, each placed by us inside the safe area so that none overlaps another (the subtitle anchor is
 * the user's choice and stays; the title moves to the free top or bottom row when they would meet). Subtitles
 * are drawn plain, outlined, boxed or karaoke (`\k` per word within each of the voice's cues).
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
  const area = safeArea(style.width, style.height, style.safeArea);
  const usable = area.right - area.left;
  const look = style.subtitleStyle ?? 'outlined';
  const colour = assColour(style.fontColor);
  // The edge that makes a line readable on any picture: dark around light text, light around dark text.
  const edge = isDark(style.fontColor) ? '#FFFFFF' : '#000000';
  const black = assColour(edge);
  const shadow = assColour(edge, 0x60);
  const boxColour = assColour(edge, 0x40);
  const band = assColour(edge, 0x60);
  const lit = assColour(style.fontColor.toUpperCase() === '#FFE066' ? '#FF6B6B' : '#FFE066');
  const outlineOf = (size: number) => Math.max(3, Math.round(size / 10));

  // Subtitles: as many lines as the widest cue of the scene needs.
  const subSize = style.fontSize;
  const subPerLine = Math.max(4, Math.floor(usable / subSize));
  const cueLines = input.cues.map((cue) => wrapWords(assText(cue.text), subPerLine));
  const subBorder =
    look === 'boxed'
      ? Math.round(subSize / 4)
      : look === 'plain'
        ? Math.max(2, Math.round(subSize / 16))
        : outlineOf(subSize);
  const subLines = Math.max(1, ...cueLines.map((l) => l.length));
  const sub = placeBlock(area, style.subtitleAnchor, subLines, subSize, subBorder);

  // Title: at most two lines (smaller, then cut, when longer), in a row the subtitles leave free.
  let titleSize = Math.round(style.fontSize * 1.15);
  let titleText = input.title ? assText(input.title) : '';
  if (titleText) {
    const fitting = Math.floor((usable * TITLE_MAX_LINES) / (textWidth(titleText) + 1));
    titleSize = Math.max(Math.round(style.fontSize * 0.6), Math.min(titleSize, fitting));
    const room = Math.floor(usable / titleSize) * TITLE_MAX_LINES - 1;
    if (textWidth(titleText) > room) {
      let cut = '';
      for (const char of titleText) if (textWidth(cut + char) <= room - 1) cut += char;
      titleText = `${cut}…`;
    }
  }
  const titleLines = titleText ? wrapWords(titleText, Math.floor(usable / titleSize)) : [];
  const titleBorder = outlineOf(titleSize);
  const subRow = Math.floor((style.subtitleAnchor - 1) / 3);
  const titleCol = (style.titleAnchor - 1) % 3;
  const titleAnchors = [style.titleAnchor, 1 + titleCol, 7 + titleCol, 4 + titleCol].filter(
    (a, i) => i === 0 || Math.floor((a - 1) / 3) !== subRow,
  );
  const titleAt = titleLines.length
    ? (titleAnchors
        .map((anchor) => placeBlock(area, anchor, titleLines.length, titleSize, titleBorder))
        .find((place) => !input.cues.length || !overlaps(place.box, sub.box)) ?? null)
    : null;

  const captionText = input.caption ? assText(input.caption, 'several') : '';
  const captionSize = Math.round(style.fontSize * 1.15);
  const captionLines = captionText
    ? captionText.split('\\N').flatMap((line) => wrapWords(line, Math.floor(usable / captionSize)))
    : [];
  const caption = captionLines.length
    ? placeBlock(area, 5, captionLines.length, captionSize, outlineOf(captionSize))
    : null;

  const styleLine = (
    name: string,
    size: number,
    primary: string,
    secondary: string,
    borderStyle: 1 | 3 | 4,
    outline: number,
    outlineColour: string,
    shadowDepth: number,
    back = shadow,
  ) =>
    `Style: ${name},${assFont(style.font)},${size},${primary},${secondary},${outlineColour},${back},-1,0,0,0,100,100,0,0,${borderStyle},${outline},${shadowDepth},5,0,0,0,1`;
  // Every look reads on white, black and busy pictures: boxed is a dark box; the others an outline over a
  // half-dark band (BorderStyle 4: outline, and a box in BackColour), lighter for plain.
  const subStyle =
    look === 'boxed'
      ? styleLine('Sub', subSize, colour, colour, 3, subBorder, boxColour, 0)
      : look === 'plain'
        ? styleLine('Sub', subSize, colour, colour, 4, subBorder, black, 2, assColour(edge, 0x80))
        : look === 'karaoke'
          ? styleLine('Sub', subSize, lit, colour, 4, subBorder, black, 2, band)
          : styleLine('Sub', subSize, colour, colour, 4, subBorder, black, 2, band);

  const at = (place: { an: number; x: number; y: number }) => `{\\an${place.an}\\pos(${place.x},${place.y})}`;
  const drawn = (text: string) => withEmojiFont(text, assFont(style.font).replace(/[{}\\]/g, ''));
  const events: string[] = [];
  const end = assTime(input.seconds);
  if (titleAt)
    events.push(
      `Dialogue: 1,${assTime(0)},${end},Title,,0,0,0,,${at(titleAt)}${drawn(titleLines.map((l) => l.join('')).join('\\N'))}`,
    );
  if (caption)
    events.push(
      `Dialogue: 1,${assTime(0)},${end},Caption,,0,0,0,,${at(caption)}${drawn(captionLines.map((l) => l.join('')).join('\\N'))}`,
    );
  for (const [i, cue] of input.cues.entries()) {
    const lines = cueLines[i]!;
    let text = lines.map((l) => l.join('')).join('\\N');
    if (look === 'karaoke') {
      const words = lines.flatMap((l, n) => (n ? ['\\N', ...l] : l));
      const spoken = words.filter((w) => w !== '\\N');
      const durations = karaokeDurations(spoken, centiseconds(cue.end) - centiseconds(cue.start));
      let k = 0;
      text = words.map((w) => (w === '\\N' ? w : `{\\k${durations[k++]}}${w}`)).join('');
    }
    events.push(`Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Sub,,0,0,0,,${at(sub)}${drawn(text)}`);
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${style.width}`,
    `PlayResY: ${style.height}`,
    // Lines are broken by us (wrapWords), so the layout above is the one drawn.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    subStyle,
    styleLine('Title', titleSize, colour, colour, 1, titleBorder, black, 2),
    styleLine('Caption', captionSize, colour, colour, 1, outlineOf(captionSize), black, 2),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
};
