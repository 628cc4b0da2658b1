import { describe, expect, it } from 'vitest';
import { cleanForSpeech } from './clean.js';
import { CUE_MAX_WIDTH, splitIntoCues, textWidth } from './cues.js';
import { readInteger, verbalizeNumbers } from './numbers.js';
import { toEspeakSsml, toSpeechRuns } from './pinyin.js';
import { buildSrt, formatSrtTime, normalizeSegments, toCueSegments } from './srt.js';

describe('text prepared for speech', () => {
  it('strips markdown, LaTeX, links and emoji but keeps the words', () => {
    const cleaned = cleanForSpeech(
      '## 标题\n- **重点**：看[这里](https://x.cn/a)😀👍🏻\n> 引用 `代码`\n公式 $E=mc^2$ 和 \\frac{1}{2}\n| 列一 | 列二 |\n|---|---|',
    );
    expect(cleaned).toBe('标题\n重点：看这里\n引用 代码\n公式 E=mc2 和 1/2\n列一，列二');
  });

  it('says numbers, dates, times and percentages as Chinese words', () => {
    expect(readInteger('10')).toBe('十');
    expect(readInteger('105')).toBe('一百零五');
    expect(readInteger('1010')).toBe('一千零一十');
    expect(readInteger('100005')).toBe('十万零五');
    expect(readInteger('230000000')).toBe('二亿三千万');
    expect(verbalizeNumbers('2024年3月5日8:30，气温25.5度，涨了50%，电话13800000000，买2个')).toBe(
      '二零二四年三月五日八点三十分，气温二十五点五度，涨了百分之五十，电话一三八零零零零零零零零，买两个',
    );
  });

  it('reads heteronyms by context and writes the neutral tone as 5 (no digit is read aloud)', () => {
    const syllables = (text: string) =>
      toSpeechRuns(text)
        .filter((r) => r.kind === 'pinyin')
        .map((r) => r.text)
        .join(' ');
    expect(syllables('银行行长')).toBe('yin2 hang2 hang2 zhang3');
    expect(syllables('重庆')).toBe('chong2 qing4');
    expect(syllables('我的')).toBe('wo3 de5');
    expect(syllables('一个')).toBe('yi2 ge4');
    expect(syllables('3月')).toBe('san1 yue4');
  });

  it('gives English words to the English voice with the same variant', () => {
    const runs = toSpeechRuns('我爱AI创作家，Hello world。');
    expect(runs.map((r) => r.kind)).toEqual(['pinyin', 'latin', 'pinyin', 'latin']);
    const ssml = toEspeakSsml(runs, 'f3');
    expect(ssml).toContain('<voice name="cmn-latn-pinyin+f3">wo3 ai4</voice>');
    expect(ssml).toContain('<voice name="en-us+f3">AI</voice>');
    expect(ssml).not.toMatch(/[<>&]\w*[^a-z"/=+\-0-9 ]\w*>/);
  });
});

describe('cues and SRT', () => {
  it('cuts sentences at punctuation into cues of at most 16 Chinese characters', () => {
    const text =
      '春天来了，万物复苏，小草从地下探出头来。我们一起去公园散步吧！这是一个非常非常非常非常长而且没有任何标点符号的句子需要被切开';
    const cues = splitIntoCues(text);
    expect(cues.map((c) => c.text)).toEqual([
      '春天来了，万物复苏',
      '小草从地下探出头来',
      '我们一起去公园散步吧！',
      // Cut between words (jieba), not at the 16th character (没 | 有任何 split a word before).
      '这是一个非常非常非常非常长而且',
      '没有任何标点符号的句子需要被切开',
    ]);
    expect(cues.map((c) => c.sentence)).toEqual([0, 0, 1, 2, 2]);
    for (const cue of cues) expect(textWidth(cue.text)).toBeLessThanOrEqual(CUE_MAX_WIDTH);
    // Numbers with a comma or colon inside are not cut; English words are never split.
    expect(splitIntoCues('共1,000人，8:30开始').map((c) => c.text)).toEqual(['共1,000人，8:30开始']);
    const english = splitIntoCues('The quick brown fox jumps over the lazy dog near the river bank.');
    expect(english.map((c) => c.text).join(' ')).toBe(
      'The quick brown fox jumps over the lazy dog near the river bank',
    );
    for (const cue of english) expect(textWidth(cue.text)).toBeLessThanOrEqual(CUE_MAX_WIDTH);
  });

  it('writes valid SRT: numbered cues, HH:MM:SS,mmm, no overlap', () => {
    expect(formatSrtTime(3723.456)).toBe('01:02:03,456');
    const srt = buildSrt([
      { start: 1.5, end: 3.2, text: '第二句' },
      { start: 0, end: 1.8, text: '第一句' },
      { start: 3.2, end: 3.25, text: '短' },
      { start: 4, end: 5, text: '  ' },
    ]);
    expect(srt).toBe(
      '1\n00:00:00,000 --> 00:00:01,500\n第一句\n\n2\n00:00:01,500 --> 00:00:03,200\n第二句\n\n3\n00:00:03,200 --> 00:00:03,500\n短\n',
    );
    const normalized = normalizeSegments([
      { start: 0, end: 2, text: 'a' },
      { start: 1, end: 3, text: 'b' },
    ]);
    expect(normalized[0]!.end).toBeLessThanOrEqual(normalized[1]!.start);
  });

  it('cuts a long transcribed sentence into cues sharing its time', () => {
    const cues = toCueSegments([
      { start: 2, end: 8, text: '今天天气很好，我们去公园散步，然后一起吃午饭。' },
    ]);
    expect(cues.map((c) => c.text)).toEqual(['今天天气很好，我们去公园散步', '然后一起吃午饭']);
    expect(cues[0]!.start).toBe(2);
    expect(cues[1]!.end).toBeCloseTo(8);
    expect(cues[0]!.end).toBeCloseTo(cues[1]!.start);
  });
});
