/**
 * Text that reaches a subtitle file (ASS, SRT) or an ffmpeg filter string is cleaned here, by every writer:
 * those formats are line-based, so a carriage return, a line feed or a Unicode line separator in a title or a
 * cue would end our line and start one of the text's own (an ASS `Dialogue:` event, an SRT cue); other control
 * characters (C0, DEL, C1) have no business on screen either.
 */

/** Every line break: CR LF, CR, LF, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;
/** C0 controls (tab included), DEL and C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The text with no control character left. Line breaks become a space (one line: a title, a cue, a filter
 * argument), or with `keepLineBreaks` a plain `\n` that the writer then encodes its own way (ASS `\N`).
 */
export const cleanMediaText = (text: string, options: { keepLineBreaks?: boolean } = {}): string =>
  options.keepLineBreaks
    ? text.replace(LINE_BREAK, '\n').replace(CONTROL_BUT_LF, '')
    : text.replace(LINE_BREAK, ' ').replace(CONTROL, '');
