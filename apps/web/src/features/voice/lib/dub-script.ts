import { stripDubMarks, type DubLine } from '@app/contract';

/** One line of the editor (the contract's DubLine with a stable key for React). */
export interface EditorLine extends Required<DubLine> {
  key: number;
}

/** What a line's text shows: characters (each knowing where it sits in the marked text) and pause chips. */
export type LineToken =
  | { kind: 'char'; char: string; at: number; index: number; reading: string | null }
  | { kind: 'pause'; seconds: number; from: number; to: number };

const MARK = /\[(?:(\d+(?:\.\d+)?)s|([a-zü]+[1-5]))\]/y;

/**
 * A marked line (`银行[xing2]到了[1.0s]下车`) as tokens: `at` is a character's index in the marked text, `index`
 * its position among the line's characters without marks (the pinyin endpoint's indexing), `reading` its fix.
 */
export const lineTokens = (text: string): LineToken[] => {
  const tokens: LineToken[] = [];
  let index = 0;
  for (let i = 0; i < text.length;) {
    MARK.lastIndex = i;
    const mark = MARK.exec(text);
    if (mark) {
      const last = tokens[tokens.length - 1];
      if (mark[1] !== undefined)
        tokens.push({ kind: 'pause', seconds: Number(mark[1]), from: i, to: i + mark[0].length });
      else if (last?.kind === 'char') last.reading = mark[2]!;
      i += mark[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    tokens.push({ kind: 'char', char, at: i, index, reading: null });
    index += 1;
    i += char.length;
  }
  return tokens;
};

/** The text with the character at `at` read `pinyin` (null: its own reading again). */
export const setReading = (text: string, at: number, pinyin: string | null): string => {
  const after = at + String.fromCodePoint(text.codePointAt(at)!).length;
  MARK.lastIndex = after;
  const mark = MARK.exec(text);
  const rest = mark && mark[2] !== undefined ? text.slice(after + mark[0].length) : text.slice(after);
  return `${text.slice(0, after)}${pinyin ? `[${pinyin}]` : ''}${rest}`;
};

/** The text with a pause of `seconds` inserted at the cursor (never inside a mark). */
export const insertPause = (text: string, cursor: number, seconds: number): string => {
  let at = Math.max(0, Math.min(cursor, text.length));
  const open = text.lastIndexOf('[', at - 1);
  if (open >= 0 && text.indexOf(']', open) >= at) at = text.indexOf(']', open) + 1;
  return `${text.slice(0, at)}[${seconds.toFixed(1)}s]${text.slice(at)}`;
};

/** The text without the pause mark at `from`–`to`. */
export const removeRange = (text: string, from: number, to: number) => text.slice(0, from) + text.slice(to);

/** Whether a script needs the script form of the request (more than one plain text with one voice). */
export const isPlainScript = (lines: EditorLine[]) =>
  lines.length === 1 && !lines[0]!.speaker && stripDubMarks(lines[0]!.text) === lines[0]!.text;

/** Speakers offered for a new line: the other of the last two, 甲 and 乙 by default. */
export const nextSpeaker = (lines: EditorLine[], names: [string, string]): string => {
  const last = lines[lines.length - 1]?.speaker;
  if (!last) return names[0];
  const other = [...lines].reverse().find((l) => l.speaker && l.speaker !== last)?.speaker;
  return other ?? (last === names[0] ? names[1] : names[0]);
};
