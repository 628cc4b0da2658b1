import { describe, expect, it } from 'vitest';
import { containsEmoji, findEmoji, stripEmoji } from './emoji.js';

describe('emoji', () => {
  it('detects pictographs, ZWJ sequences, skin tones, keycaps and flags', () => {
    for (const text of ['好吃😋', '👍🏽', '👨‍👩‍👧', '❤️', '1️⃣', '#⃣', '🇨🇳', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '☕']) {
      expect(containsEmoji(text), text).toBe(true);
    }
  });

  it('plain text, digits, # and * and CJK punctuation are not emoji', () => {
    for (const text of ['普通文字', '123456', '#话题#', '5*3=15', '【标题】，。！？', 'ABC abc', '']) {
      expect(containsEmoji(text), text).toBe(false);
    }
  });

  it('strips whole sequences and leaves the rest untouched', () => {
    expect(stripEmoji('今天😀好开心👨‍👩‍👧！')).toBe('今天好开心！');
    expect(stripEmoji('第1️⃣名🇨🇳加油')).toBe('第名加油');
    expect(stripEmoji('点赞👍🏽')).toBe('点赞');
    expect(stripEmoji('❤️爱心')).toBe('爱心');
    expect(stripEmoji('没有表情 123 #')).toBe('没有表情 123 #');
  });

  it('lists the sequences it found, and is stateless between calls', () => {
    expect(findEmoji('a😀b👨‍👩‍👧c🇨🇳')).toEqual(['😀', '👨‍👩‍👧', '🇨🇳']);
    expect(findEmoji('none')).toEqual([]);
    expect(containsEmoji('😀')).toBe(true);
    expect(containsEmoji('😀')).toBe(true);
  });
});
