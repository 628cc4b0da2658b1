import { describe, expect, it } from 'vitest';
import { estimateVideo, videoAddBodySchema, videoEstimateBodySchema } from './video.js';

describe('video contract', () => {
  const base = { templateId: 'talk-vertical', voice: 'espeak-cmn-f3' };

  it('takes exactly one source: an article or a pasted text', () => {
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好' }).success).toBe(true);
    expect(videoAddBodySchema.safeParse({ ...base, articleId: 3 }).success).toBe(true);
    expect(videoAddBodySchema.safeParse({ ...base, articleId: 3, text: '你好' }).success).toBe(false);
    expect(videoAddBodySchema.safeParse({ ...base, text: '   ' }).success).toBe(false);
    expect(videoEstimateBodySchema.safeParse({}).success).toBe(false);
  });

  it('defaults speed 100 and the template picture; anchors 1–9; music null means none', () => {
    expect(videoAddBodySchema.parse({ ...base, text: '你好', bgmId: null })).toMatchObject({
      speed: 100,
      imageSource: 'template',
      bgmId: null,
    });
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好', subtitleAnchor: 0 }).success).toBe(false);
    expect(videoAddBodySchema.safeParse({ ...base, text: '你好', speed: 250 }).success).toBe(false);
  });

  it('estimates seconds from words per second and speed, gold per word, clips added', () => {
    const text = '一二三四五六七八九十，AI 2024';
    expect(estimateVideo({ text, speed: 100, perSecondWord: 5, goldPerWord: 20 })).toEqual({
      words: 12,
      seconds: 2.4,
      gold: 240,
    });
    expect(
      estimateVideo({ text, speed: 50, perSecondWord: 5, goldPerWord: 20, clipSeconds: 2 }).seconds,
    ).toBe(6.8);
  });
});
