import { parseDubText, type DubLine, type ReadingFix } from '@app/contract';
import { wordsOf } from './words.js';

/** Longest word a fix is kept under (the dictionary's column check). */
const WORD_MAX = 8;

/**
 * The fixes a script teaches the user's dictionary: each fixed character with the word (jieba) it sits in, so
 * that 银行[hang2] is remembered as "行 in 银行 reads hang2", not as every 行. Duplicate positions keep the last.
 */
export const fixesOfLines = (lines: readonly Pick<DubLine, 'text'>[]): ReadingFix[] => {
  const found = new Map<string, ReadingFix>();
  for (const line of lines)
    for (const part of parseDubText(line.text)) {
      if (part.kind !== 'text' || !part.readings.length) continue;
      let offset = 0;
      for (const word of wordsOf(part.text)) {
        for (const reading of part.readings) {
          if (reading.at < offset || reading.at >= offset + word.length) continue;
          const key = word.length <= WORD_MAX ? word : reading.char;
          const at = word.length <= WORD_MAX ? reading.at - offset : 0;
          found.set(`${key}\u0000${at}`, { word: key, at, pinyin: reading.pinyin });
        }
        offset += word.length;
      }
    }
  return [...found.values()];
};
