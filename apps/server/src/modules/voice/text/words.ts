import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

// One segmenter for subtitle cutting, loaded on first use (its dictionary ships inside the package).
let jieba: Jieba | null = null;

/**
 * A text cut into words with jieba (Chinese words, Latin words, numbers, spaces and punctuation each a token):
 * the joined tokens are the text again, so a cut between two tokens is never inside a word.
 */
export const wordsOf = (text: string): string[] => {
  if (!text) return [];
  jieba ??= Jieba.withDict(dict);
  return jieba.cut(text, true);
};
