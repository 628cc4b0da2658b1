import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import type { TimedSegment } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../platform/seeded-random.js';
import { createEspeakEngine } from '../tts/espeak-engine.js';
import { synthesizeSpeech } from '../tts/synthesize.js';
import { testVoice } from '../test-audio.js';
import { buildCues, CUE_MAX_SECONDS, CUE_MIN_SECONDS } from './cue-builder.js';
import { splitIntoCues } from './cues.js';

// The segmenter the checks use: the real jieba with its own dictionary, independent of the builder's instance.
const jieba = Jieba.withDict(dict);
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Where a cue boundary may fall in `text`: positions (counted in letters, punctuation and spaces left out)
 * between two of jieba's words of the whole text.
 */
const wordBoundaries = (text: string) => {
  const at = new Set<number>([0]);
  let position = 0;
  for (const word of jieba.cut(text, true)) {
    position += letters(word).length;
    at.add(position);
  }
  return at;
};

/** Every cue 0.8–7 s, in order, the text whole, and no cue boundary inside a word of jieba's. */
const expectGoodCues = (text: string, cues: TimedSegment[]) => {
  expect(cues.length, text).toBeGreaterThan(0);
  expect(cues.map((c) => letters(c.text)).join(''), text).toBe(letters(text));
  const boundaries = wordBoundaries(text);
  let position = 0;
  cues.forEach((cue, i) => {
    const seconds = Math.round((cue.end - cue.start) * 1000) / 1000;
    expect(seconds, `${text} → ${cue.text}`).toBeGreaterThanOrEqual(CUE_MIN_SECONDS);
    expect(seconds, `${text} → ${cue.text}`).toBeLessThanOrEqual(CUE_MAX_SECONDS);
    if (i > 0) expect(cue.start, cue.text).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    position += letters(cue.text).length;
    expect(boundaries.has(position), `${text}: a cue ends inside a word at “${cue.text}”`).toBe(true);
  });
};

const WORDS = [
  '春天来了', '公园里的花都开了', '小朋友们在草地上放风筝', '大家都很开心', '阳光照在湖面上', '就显露出来了',
  '我们一起去看看吧', '今天天气很好', '城市的夜晚灯火通明', '人工智能正在改变我们的生活方式', '好', '走吧',
  '对', '真的吗', '这是一个非常重要的发现', '科学家们经过多年的努力终于找到了答案', '谢谢', '晚安',
  '老师说明天要考试', '他慢慢地走回了家', '窗外下起了小雨', '妈妈做的饭菜最好吃', '我们应该保护环境',
];
const PUNCTUATION = ['，', '。', '！', '？', '、', '；', '', '', ''];

/** A text of the kinds users dub: short exclamations, long clauses without punctuation, ordinary sentences. */
const generatedText = (random: () => number) => {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let text = '';
  const parts = 1 + Math.floor(random() * 8);
  for (let i = 0; i < parts; i += 1) text += pick(WORDS) + pick(PUNCTUATION);
  return /[。！？]$/.test(text) ? text : `${text}。`;
};

describe('the shared cue builder (jieba word boundaries, 0.8–7 s)', () => {
  it('cuts a long clause between words: …就显 | 露出来了 never happens', () => {
    // 16 characters end at 就显: a cut by width alone would leave 露出来了 for the next cue.
    const clause = '那些被人们遗忘了很久的老故事就显露出来了';
    const cues = splitIntoCues(clause);
    expect(cues.length).toBeGreaterThan(1);
    expect(cues.some((cue) => cue.text.endsWith('就显'))).toBe(false);
    expect(cues.map((c) => c.text).join('')).toBe(clause);
  });

  it('audio to subtitles: 300 transcriptions at varied paces and pauses give good cues', () => {
    const random = seededRandom(27);
    for (let n = 0; n < 300; n += 1) {
      // A provider's sentences: each at its own pace (0.08–0.5 s a character), pauses of 0–2.5 s between.
      const sentences = generatedText(random).match(/[^。！？]+[。！？]?/g)!;
      let at = random() * 2;
      const raw = sentences.map((sentence) => {
        const start = at;
        const end = start + letters(sentence).length * (0.08 + random() * 0.42);
        at = end + random() * 2.5;
        return { start, end, text: sentence };
      });
      expectGoodCues(sentences.join(''), buildCues(raw));
    }
  });

  it('a long silence ends a cue: two words around a 3-second pause are never one cue', () => {
    const cues = buildCues([
      { start: 0, end: 0.4, text: '好' },
      { start: 3.4, end: 3.7, text: '走吧' },
    ]);
    expect(cues.map((c) => c.text)).toEqual(['好', '走吧']);
    expect(cues[0]!.end).toBeLessThanOrEqual(3.4);
  });

  it('dubbing SRTs and video scenes: 40 texts spoken by espeak-ng give good cues', { timeout: 120_000 }, async () => {
    const random = seededRandom(2027);
    const engine = createEspeakEngine();
    for (let n = 0; n < 40; n += 1) {
      const text = generatedText(random);
      const speech = await synthesizeSpeech(engine, { text, voice: testVoice(), speed: 100 + Math.floor(random() * 100) });
      const spoken = speech.cues.map(({ start, end, text: t }) => ({ start, end, text: t }));
      // Dubbing (the SRT of a text-to-speech task).
      expectGoodCues(text, buildCues(spoken));
      // A video scene: the same speech inside the scene's window (its voice plus a short pause).
      expectGoodCues(text, buildCues(spoken, { until: speech.duration + 0.25 }));
    }
  });
});
