import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { LEXICON, motifById } from './motifs/index.js';
import type { Motif } from './types.js';

/**
 * Reads a prompt: jieba cuts the Chinese into words (its dictionary ships inside the package), English is split
 * into words; each word (or run of two or three words) found in the motif lexicon becomes a subject, in the order
 * the prompt names them. Words the lexicon does not know are looked into for lexicon words (小桥流水 holds 小桥 and
 * 流水). Modifiers set the count (两只, 一群, three), the time of day, the weather, the season and the style.
 */

export type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';
export type Weather = 'clear' | 'rain' | 'snow' | 'fog';
export type Season = 'spring' | 'summer' | 'autumn' | 'winter';
/** The composer's renderers; the style chips map onto them. */
export type RenderStyle = 'watercolor' | 'ink' | 'flat' | 'oil' | 'pixel' | 'line';

export interface Subject {
  motif: Motif;
  /** How many the prompt asks for (0: as many as the motif usually shows). */
  count: number;
}

export interface PromptReading {
  subjects: Subject[];
  time: TimeOfDay;
  weather: Weather;
  season: Season | null;
  /** A style the prompt names (水彩风格, pixel art), if any. */
  style: RenderStyle | null;
}

let jieba: Jieba | null = null;

const TIME: [TimeOfDay, RegExp][] = [
  ['night', /夜|晚上|午夜|深夜|月光|月色|星空|星河|银河|night|midnight|moonlight|starry/i],
  ['dusk', /黄昏|傍晚|夕阳|日落|落日|晚霞|暮|sunset|dusk|twilight|evening/i],
  ['dawn', /清晨|早晨|黎明|日出|朝阳|旭日|拂晓|晨|sunrise|dawn|morning/i],
];
/** Weather comes from the weather motifs the prompt names (雪 is snowfall, 雪山 a mountain). */
const WEATHER: [Weather, string][] = [
  ['snow', 'snow'],
  ['rain', 'rain'],
  ['fog', 'fog'],
];
const SEASON: [Season, RegExp][] = [
  ['spring', /春|spring/i],
  ['summer', /夏|summer/i],
  ['autumn', /秋|枫|落叶|autumn|fall\b/i],
  ['winter', /冬|雪|winter|snow/i],
];
const STYLE: [RenderStyle, RegExp][] = [
  ['watercolor', /水彩|watercolou?r/i],
  ['ink', /水墨|国画|墨|山水画|ink|shuimo|sumi/i],
  ['oil', /油画|oil/i],
  ['pixel', /像素|pixel|8-?bit|16-?bit/i],
  ['line', /线稿|线描|白描|简笔|素描|line ?art|sketch|outline|drawing/i],
  ['flat', /扁平|插画|矢量|flat|illustration|vector|cartoon|卡通/i],
];

/** Single characters that name a subject even inside a longer unknown word (白猫, 小河); others (面, 心) do not. */
const STRONG_SINGLE = new Set([
  ...'猫狗马牛羊猪鸟鱼龟蛇鹿狼虎狮熊兔鸡鸭鹅鹤龙山峰河江溪湖海岛桥船舟树松竹柳花梅莲荷菊塔亭寺庙楼城雨雪雾云月星伞灯',
]);

const NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  several: 3,
  many: 4,
  flock: 4,
  herd: 4,
  group: 4,
  pair: 2,
  couple: 2,
};
const CJK_COUNTS: [RegExp, number][] = [
  [/^(一群|成群|许多|很多|好多|几|群|一片)/, 4],
  [/^[两二双]/, 2],
  [/^三/, 3],
  [/^四/, 4],
  [/^五/, 5],
];

/** A count word (两只, 一群, three) before a subject. */
const countOf = (word: string): number => {
  if (!isCjk(word)) return NUMBERS[word] ?? 0;
  if ([...word].length > 3) return 0;
  return CJK_COUNTS.find(([re]) => re.test(word))?.[1] ?? 0;
};

const isCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

/** Lexicon words inside an unknown Chinese word, longest first from each position. */
const wordsInside = (token: string): string[] => {
  const chars = [...token];
  const found: string[] = [];
  for (let i = 0; i < chars.length;) {
    let hit = '';
    for (let len = Math.min(6, chars.length - i); len >= 1; len--) {
      const word = chars.slice(i, i + len).join('');
      if (LEXICON.has(word) && (len > 1 || STRONG_SINGLE.has(word))) {
        hit = word;
        break;
      }
    }
    if (hit) {
      found.push(hit);
      i += [...hit].length;
    } else i += 1;
  }
  return found;
};

/** The prompt as words: Chinese by jieba, English by spaces, each lower-case. */
export const wordsOf = (prompt: string): string[] => {
  jieba ??= Jieba.withDict(dict);
  const words: string[] = [];
  for (const token of jieba.cut(prompt, false)) {
    const t = token.trim().toLowerCase();
    if (!t) continue;
    if (isCjk(t)) words.push(t);
    else words.push(...t.split(/[^a-z0-9-]+/).filter(Boolean));
  }
  return words;
};

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('es')
      ? word.slice(0, -2)
      : word.endsWith('s')
        ? word.slice(0, -1)
        : word;

const lookUp = (word: string): readonly string[] | undefined =>
  LEXICON.get(word) ??
  (/^[a-z]/.test(word) ? (LEXICON.get(singular(word)) ?? LEXICON.get(word.replace(/s$/, ''))) : undefined);

export const readPrompt = (prompt: string): PromptReading => {
  const words = wordsOf(prompt);
  const seen = new Map<string, Subject>();
  let pendingCount = 0;
  const add = (ids: readonly string[]) => {
    for (const id of ids) {
      const motif = motifById.get(id);
      if (!motif) continue;
      const known = seen.get(id);
      if (known) known.count = Math.max(known.count, pendingCount);
      else seen.set(id, { motif, count: pendingCount });
    }
    pendingCount = 0;
  };
  for (let i = 0; i < words.length;) {
    // The longest run of up to three words the lexicon knows (English phrases, words jieba split).
    let matched = 0;
    for (let len = 3; len >= 1 && !matched; len--) {
      const run = words.slice(i, i + len);
      if (run.length < len) continue;
      const key = run.join(isCjk(run[0]!) ? '' : ' ');
      const ids = lookUp(key);
      if (ids) {
        // An English plural (sunflowers, clouds) asks for several.
        if (!pendingCount && /^[a-z].*[^s]s$/.test(key) && LEXICON.has(singular(key))) pendingCount = 3;
        add(ids);
        matched = len;
      }
    }
    if (matched) {
      i += matched;
      continue;
    }
    const word = words[i]!;
    const count = countOf(word);
    if (count) pendingCount = count;
    if (isCjk(word)) for (const inner of wordsInside(word)) add(LEXICON.get(inner)!);
    i += 1;
  }
  const find = <T extends string>(table: [T, RegExp][]) => table.find(([, re]) => re.test(prompt))?.[0];
  return {
    subjects: [...seen.values()],
    time: find(TIME) ?? 'day',
    weather: WEATHER.find(([, id]) => seen.has(id))?.[0] ?? 'clear',
    season: find(SEASON) ?? null,
    style: find(STYLE) ?? null,
  };
};
