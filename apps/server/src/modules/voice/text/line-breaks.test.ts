import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { describe, expect, it } from 'vitest';
import { ARTICLE_PARAGRAPHS } from '../../../test/article-paragraphs.js';
import { buildAss } from './ass.js';
import { buildCues } from './cue-builder.js';
import { CUE_MAX_WIDTH, splitIntoCues, textWidth } from './cues.js';
import { breakText } from './line-breaks.js';
import { buildSrt, toCueSegments } from './srt.js';
import { wordsOf } from './words.js';

// The plain segmenter with its own dictionary, independent of the rule's instance (which knows dish and
// sight names on top): a break must be between words of both.
const jieba = Jieba.withDict(dict);
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** Positions (in letters, punctuation and spaces left out) between two words of `words`. */
const boundariesOf = (words: string[]) => {
  const at = new Set<number>([0]);
  let position = 0;
  for (const word of words) {
    position += letters(word).length;
    at.add(position);
  }
  return at;
};

/** Where `pieces` (in order, together the whole text) end inside a word of either segmenter: none expected. */
const breaksInsideWords = (text: string, pieces: string[]) => {
  expect(pieces.map(letters).join(''), text).toBe(letters(text));
  const plain = boundariesOf(jieba.cut(text, true));
  const rule = boundariesOf(wordsOf(text));
  const bad: string[] = [];
  let position = 0;
  for (const piece of pieces) {
    position += letters(piece).length;
    if (!plain.has(position) || !rule.has(position)) bad.push(`${text} → …${piece} |`);
  }
  return bad;
};

const paced = (text: string) => ({ start: 0, end: [...letters(text)].length / 4, text });
/** The lines of an ASS file's events, override tags gone. */
const assLines = (ass: string) =>
  ass
    .split('\n')
    .filter((l) => l.startsWith('Dialogue: '))
    .flatMap((l) => l.split(',').slice(9).join(',').replace(/\{[^}]*\}/g, '').split('\\N'));

describe('one cue-breaking rule for every SRT and ASS', () => {
  it(`over ${ARTICLE_PARAGRAPHS.length} article paragraphs no cue or line ends inside a word, and each keeps its width`, () => {
    expect(ARTICLE_PARAGRAPHS.length).toBeGreaterThanOrEqual(200);
    const bad: string[] = [];
    for (const paragraph of ARTICLE_PARAGRAPHS) {
      // Dubbing and video voices: cues of a text.
      const cues = splitIntoCues(paragraph);
      bad.push(...breaksInsideWords(paragraph, cues.map((c) => c.text)));
      for (const cue of cues) expect(textWidth(cue.text), cue.text).toBeLessThanOrEqual(CUE_MAX_WIDTH);
      // Audio to subtitles: a transcription's whole sentence at an ordinary pace, as cues and as SRT.
      const timed = buildCues([paced(paragraph)]);
      bad.push(...breaksInsideWords(paragraph, timed.map((c) => c.text)));
      for (const cue of timed) expect(textWidth(cue.text), cue.text).toBeLessThanOrEqual(CUE_MAX_WIDTH * 2);
      const srtTexts = buildSrt(timed)
        .split('\n\n')
        .map((block) => block.split('\n').slice(2).join(''));
      bad.push(...breaksInsideWords(paragraph, srtTexts));
      bad.push(...breaksInsideWords(paragraph, toCueSegments([paced(paragraph)]).map((c) => c.text)));
      // Dubbing ASS, plain and karaoke: the lines inside each cue break by the same rule.
      for (const karaoke of [false, true]) {
        const lines = assLines(buildAss(timed, { karaoke }));
        bad.push(...breaksInsideWords(paragraph, lines));
        for (const line of lines) expect(textWidth(line.trim()), line).toBeLessThanOrEqual(15);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps dish and sight names whole and breaks where a reader pauses', () => {
    const text = '中午在楼外楼吃了西湖醋鱼和龙井虾仁虾仁清甜醋鱼酸甜可口';
    const pieces = breakText(text, 10, textWidth);
    expect(pieces.join('')).toBe(text);
    for (const name of ['西湖醋鱼', '龙井虾仁']) expect(pieces.some((p) => p.includes(name)), pieces.join(' | ')).toBe(true);
    // A conjunction starts the next piece rather than ending this one; 了 stays with its verb.
    for (const piece of breakText('我们沿着苏堤散步看到了三潭印月和雷峰塔还有远处的保俶塔', 9, textWidth)) {
      expect(piece).not.toMatch(/和$/);
      expect(piece).not.toMatch(/^了/);
    }
    // The cues of a dubbing never split a compound name either.
    const cues = splitIntoCues('中午我们在湖边的老字号饭店吃了西湖醋鱼和龙井虾仁，还点了东坡肉。');
    expect(cues.map((c) => c.text).join(' | ')).not.toMatch(/龙井 \| 虾仁|西湖 \| 醋鱼|东坡 \| 肉/);
  });
});
