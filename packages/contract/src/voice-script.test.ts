import { describe, expect, it } from 'vitest';
import { dubLineSchema, ttsAddBodySchema } from './voice.js';
import { applyReadingFixes, parseDubText, stripDubMarks, toneMarked } from './voice-rules.js';

describe('the dubbing editor’s marks', () => {
  it('parses pauses and reading fixes, in order, with each fix on the character before it', () => {
    expect(parseDubText('银行[xing2]到了[1.5s]下车')).toEqual([
      { kind: 'text', text: '银行到了', readings: [{ at: 1, char: '行', pinyin: 'xing2' }] },
      { kind: 'pause', seconds: 1.5 },
      { kind: 'text', text: '下车', readings: [] },
    ]);
    // A reading after something that is not a Chinese character is no fix; the last of two fixes wins.
    expect(parseDubText('a[hang2]行[xing2][hang2]')).toEqual([
      { kind: 'text', text: 'a行', readings: [{ at: 1, char: '行', pinyin: 'hang2' }] },
    ]);
    expect(stripDubMarks('银行[xing2]到了[1.5s]下车')).toBe('银行到了下车');
  });

  it('validates lines: a pause of 0.1–5 s, something to say', () => {
    const ok = (text: string) => dubLineSchema.safeParse({ voice: 'v', text }).success;
    expect(ok('你好[0.1s]世界[5s]')).toBe(true);
    expect(ok('你好[0.05s]世界')).toBe(false);
    expect(ok('你好[5.5s]世界')).toBe(false);
    expect(ok('[1s]')).toBe(false);
    expect(dubLineSchema.parse({ voice: 'v', text: ' 你好 ' })).toEqual({
      speaker: '',
      voice: 'v',
      speed: 100,
      text: '你好',
    });
    // A plain dubbing still needs its text and voice; a script does not.
    expect(ttsAddBodySchema.safeParse({ text: '你好' }).success).toBe(false);
    expect(ttsAddBodySchema.safeParse({ lines: [{ voice: 'v', text: '你好' }] }).success).toBe(true);
    expect(ttsAddBodySchema.safeParse({ lines: [] }).success).toBe(false);
  });

  it('applies the user’s dictionary to later texts, never twice, the longer word first', () => {
    const fixes = [
      { word: '银行', at: 1, pinyin: 'xing2' },
      { word: '行', at: 0, pinyin: 'heng2' },
    ];
    expect(applyReadingFixes('银行旁边有银行', fixes.slice(0, 1))).toBe('银行[xing2]旁边有银行[xing2]');
    expect(applyReadingFixes('银行[hang2]', fixes)).toBe('银行[hang2]');
    expect(applyReadingFixes('银行和行', fixes)).toBe('银行[xing2]和行[heng2]');
  });

  it('writes tone marks the standard way', () => {
    expect(['hang2', 'xiong2', 'gou3', 'lüe4', 'gui4', 'liu2', 'ma5', 'er4'].map(toneMarked)).toEqual([
      'háng',
      'xióng',
      'gǒu',
      'lüè',
      'guì',
      'liú',
      'ma',
      'èr',
    ]);
  });
});
