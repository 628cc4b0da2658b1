import { spawnSync } from 'node:child_process';

/**
 * Emoji in burned-in text. libass (Debian's ffmpeg) draws outline glyphs only, so the colour emoji font
 * (bitmaps) gives empty boxes; Symbola (Debian's fonts-symbola) has monochrome outlines of the emoji up to
 * Unicode 9. Each emoji is drawn in Symbola by an override tag; one Symbola lacks, and the modifiers a
 * monochrome font cannot combine (skin tones, joiners, variation selectors, keycaps), are left out: never a box.
 */
export const EMOJI_FONT = 'Symbola';

const EMOJI_RUN = /(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f|\u20e3)+/gu;
const MODIFIER = /[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f|\u20e3/gu;

let coverage: [number, number][] | undefined;

/** Symbola's characters as fontconfig lists them (`20-7e a0-377 …`); none when the font is not installed. */
const emojiFontCoverage = (): [number, number][] => {
  if (coverage) return coverage;
  const listed = spawnSync('fc-list', [EMOJI_FONT, '--format', '%{charset}\n'], { encoding: 'utf8' });
  coverage = (listed.status === 0 ? listed.stdout : '')
    .split(/\s+/)
    .filter((range) => /^[0-9a-f]+(-[0-9a-f]+)?$/i.test(range))
    .map((range) => {
      const [from, to] = range.split('-').map((hex) => parseInt(hex, 16));
      return [from!, to ?? from!] as [number, number];
    });
  return coverage;
};

/** Whether the monochrome emoji font draws `char`. */
export const emojiDrawable = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return emojiFontCoverage().some(([from, to]) => code >= from && code <= to);
};

/**
 * ASS event text (already safe: no braces of the user's) with each run of emoji set in the emoji font and
 * back to `font` after it; emoji the font cannot draw are dropped.
 */
export const withEmojiFont = (text: string, font: string): string =>
  text.replace(EMOJI_RUN, (run) => {
    const drawn = [...run.replace(MODIFIER, '')].filter(emojiDrawable).join('');
    return drawn ? `{\\fn${EMOJI_FONT}}${drawn}{\\fn${font}}` : '';
  });
