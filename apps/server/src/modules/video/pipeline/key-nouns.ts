import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

// Loaded on first use (the dictionary ships inside the package).
let jieba: Jieba | null = null;

/** Part-of-speech tags of things a picture can show: nouns, places, names, other proper nouns, noun-verbs. */
const NOUN = /^(n|nr|ns|nt|nz|ng|nrt|nrfg|vn|s)$/;
/** Nouns that are no subject of a picture. */
const ABSTRACT = new Set([
  '时候',
  '东西',
  '问题',
  '方面',
  '情况',
  '事情',
  '方法',
  '时间',
  '今天',
  '我们',
  '大家',
]);

/**
 * The key nouns of a scene's line, in the order they are said, each once (at most `max`): the prompt of the
 * scene's picture, so the picture shows what the line talks of. A line with no noun answers itself.
 */
export const keyNouns = (line: string, max = 4): string => {
  jieba ??= Jieba.withDict(dict);
  const nouns: string[] = [];
  for (const { word, tag } of jieba.tag(line, true)) {
    const w = word.trim();
    if (!w || !NOUN.test(tag) || ABSTRACT.has(w) || nouns.includes(w)) continue;
    if (!/[\p{L}]/u.test(w) || (/^[A-Za-z]+$/.test(w) && w.length < 3)) continue;
    nouns.push(w);
    if (nouns.length >= max) break;
  }
  return nouns.length ? nouns.join(' ') : line;
};
