/** Rules of dubbing shared by server and web (no zod here, so the web bundle stays small). */

/** Speed in percent of the voice's normal pace (spec §9 "speed adjustment percent"). */
export const TTS_SPEED_MIN = 50;
export const TTS_SPEED_MAX = 200;
/** Upper bound of any text; each voice sets its own, lower limit (`maxChars` of tts_config_nam). */
export const TTS_TEXT_MAX = 5000;
/** Default text limit of a voice that does not set one. */
export const TTS_DEFAULT_MAX_CHARS = 1000;
/** Script to align against uploaded audio (30 s of speech is about 150 characters). */
export const ASR_SCRIPT_MAX = 2000;
/** Spec §9 media audio: 5 MB, 30 s. */
export const ASR_AUDIO_MAX_SECONDS = 30;

/** Job types, as seen in `JobProgress.type`. */
export const voiceJobTypes = { textToSpeech: 'text_to_speech', audioToSrt: 'audio_to_srt' } as const;

const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
/**
 * Words billed for a text (spec §9 "gold per word"): each Chinese character is a word, each run of Latin
 * letters or digits is a word (`AI` one, `2024` one); punctuation, spaces and emoji are free.
 */
export const countBillableWords = (text: string): number => {
  let count = 0;
  let inRun = false;
  for (const char of text) {
    if (cjk.test(char)) {
      count += 1;
      inRun = false;
    } else if (/[\p{L}\p{N}]/u.test(char)) {
      if (!inRun) count += 1;
      inRun = true;
    } else if (!/['’.]/.test(char)) {
      inRun = false;
    }
  }
  return count;
};

/** Speed slider of the page (spec §9: 0–100, step 1) to the speed percent 50–200, and back. */
export const sliderToSpeed = (slider: number): number =>
  Math.round(TTS_SPEED_MIN + (Math.max(0, Math.min(100, slider)) * (TTS_SPEED_MAX - TTS_SPEED_MIN)) / 100);
export const speedToSlider = (speed: number): number =>
  Math.round(((speed - TTS_SPEED_MIN) * 100) / (TTS_SPEED_MAX - TTS_SPEED_MIN));

/**
 * The dubbing editor's inline marks (issue 30), kept inside a line's text so that the text is the one state of
 * the editor: `[1.0s]` is a timed pause of 0.1–5 s; `[hang2]` right after a Chinese character fixes its
 * reading (tone-numbered pinyin, 5 the neutral tone: 行[hang2] is read háng).
 */
export const DUB_PAUSE_MIN = 0.1;
export const DUB_PAUSE_MAX = 5;
/** Longest line of a script, and most lines in one script. */
export const DUB_LINE_MAX = 500;
export const DUB_LINES_MAX = 100;
/** Longest line a free single-line preview speaks. */
export const DUB_PREVIEW_MAX = 120;

const MARK = /\[(?:(\d+(?:\.\d+)?)s|([a-zü]+[1-5]))\]/g;
const SYLLABLE = /^[a-zü]+[1-5]$/;
const CJK_CHAR = /^[\u3400-\u9fff\uf900-\ufaff]$/;

export interface DubReading {
  /** Index (UTF-16) of the character in its part's text. */
  at: number;
  char: string;
  /** Tone-numbered pinyin, `hang2`. */
  pinyin: string;
}
export type DubPart =
  { kind: 'text'; text: string; readings: DubReading[] } | { kind: 'pause'; seconds: number };

/** A line's text as spoken pieces and pauses, in order. A reading mark not after a Chinese character is dropped. */
export const parseDubText = (text: string): DubPart[] => {
  const parts: DubPart[] = [];
  let current: { kind: 'text'; text: string; readings: DubReading[] } = {
    kind: 'text',
    text: '',
    readings: [],
  };
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    current.text += text.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      if (current.text.trim()) parts.push(current);
      current = { kind: 'text', text: '', readings: [] };
      parts.push({ kind: 'pause', seconds: Number(match[1]) });
      continue;
    }
    const char = current.text.slice(-1);
    if (CJK_CHAR.test(char)) {
      const at = current.text.length - 1;
      current.readings = current.readings.filter((r) => r.at !== at);
      current.readings.push({ at, char, pinyin: match[2]! });
    }
  }
  current.text += text.slice(last);
  if (current.text.trim()) parts.push(current);
  return parts;
};

/** What a line shows and bills: its text without marks. */
export const stripDubMarks = (text: string): string => text.replace(MARK, '');

/** Why a line's marks are refused (`null`: fine): a pause out of 0.1–5 s. */
export const dubTextProblem = (text: string): 'pause_range' | null => {
  for (const part of parseDubText(text))
    if (part.kind === 'pause' && !(part.seconds >= DUB_PAUSE_MIN && part.seconds <= DUB_PAUSE_MAX))
      return 'pause_range';
  return null;
};

export const isPinyinSyllable = (value: string) => SYLLABLE.test(value);

const TONE_MARKS: Record<string, string> = {
  a: 'āáǎà',
  e: 'ēéěè',
  i: 'īíǐì',
  o: 'ōóǒò',
  u: 'ūúǔù',
  ü: 'ǖǘǚǜ',
};
/** `hang2` → `háng` (the mark on a or e, on o of ou, else on the last vowel); the neutral tone stays bare. */
export const toneMarked = (syllable: string): string => {
  const match = /^([a-zü]+)([1-5])$/.exec(syllable.replace(/v/g, 'ü'));
  if (!match) return syllable;
  const [, body = '', toneDigit = '5'] = match;
  const tone = Number(toneDigit);
  if (tone === 5) return body;
  let index = body.search(/[ae]/);
  if (index < 0) index = body.indexOf('ou');
  if (index < 0) {
    for (let i = body.length - 1; i >= 0; i -= 1)
      if (TONE_MARKS[body[i]!]) {
        index = i;
        break;
      }
  }
  if (index < 0) return body;
  const vowel = body[index]!;
  return body.slice(0, index) + TONE_MARKS[vowel]![tone - 1] + body.slice(index + 1);
};

/** A fix of the user's reading dictionary (see readingFixSchema): the character at `at` of `word` reads `pinyin`. */
export interface ReadingFixRule {
  word: string;
  at: number;
  pinyin: string;
}

/**
 * A line's text with the user's dictionary applied: wherever one of its words appears and its fixed character
 * carries no mark yet, the mark is added (银行 with 行 → hang2 makes 银行 read yín háng in every later text).
 * Longer words first, so a longer word's fix wins over a shorter one's.
 */
export const applyReadingFixes = (text: string, fixes: readonly ReadingFixRule[]): string => {
  const inserts = new Map<number, string>();
  const sorted = [...fixes].sort((a, b) => b.word.length - a.word.length);
  for (const fix of sorted) {
    if (!fix.word || fix.at >= fix.word.length) continue;
    for (let i = text.indexOf(fix.word); i >= 0; i = text.indexOf(fix.word, i + 1)) {
      const after = i + fix.at + 1;
      if (text[after] === '[' || inserts.has(after)) continue;
      inserts.set(after, `[${fix.pinyin}]`);
    }
  }
  let out = text;
  for (const at of [...inserts.keys()].sort((a, b) => b - a))
    out = out.slice(0, at) + inserts.get(at)! + out.slice(at);
  return out;
};
