import { pinyin, polyphonic } from './mandarin.js';

/** pinyin-pro writes the neutral tone 0; the editor's marks (and espeak-ng) write 5. */
const neutral = (syllable: string) => syllable.replace(/0$/, '5');

/**
 * Each character of a text with its reading in context (pinyin-pro: 银行行长 → yin2 hang2 hang2 zhang3) and
 * every reading it may take, for the editor's reading picker. Characters that are not Chinese have none.
 */
export const charReadings = (text: string) => {
  const all = pinyin(text, { type: 'all', toneType: 'num' });
  const options = polyphonic(text, { type: 'array', toneType: 'num' });
  return all.map((item, i) => ({
    char: item.origin,
    reading: item.isZh && item.pinyin ? neutral(item.pinyin) : null,
    options: item.isZh ? [...new Set((options[i] ?? []).map(neutral))] : [],
  }));
};
