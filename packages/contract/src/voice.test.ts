import { describe, expect, it } from 'vitest';
import { asrAddBodySchema, ttsAddBodySchema } from './voice.js';
import { countBillableWords, sliderToSpeed, speedToSlider } from './voice-rules.js';

describe('voice contract', () => {
  it('bills each Chinese character and each Latin or digit run as one word, punctuation and emoji free', () => {
    expect(countBillableWords('你好，世界！')).toBe(4);
    expect(countBillableWords('我爱AI创作家 2024年 25.5度 don’t stop')).toBe(12);
    expect(countBillableWords('😀 …… ——')).toBe(0);
  });

  it('maps the 0–100 slider (step 1) onto 50–200 % and back', () => {
    expect(sliderToSpeed(0)).toBe(50);
    expect(sliderToSpeed(100)).toBe(200);
    expect(sliderToSpeed(Math.round(speedToSlider(100)))).toBe(100);
    expect(sliderToSpeed(150)).toBe(200);
  });

  it('validates the dubbing request', () => {
    expect(ttsAddBodySchema.parse({ text: ' 你好 ', voice: 'espeak-cmn-f3' })).toEqual({
      text: '你好',
      voice: 'espeak-cmn-f3',
      speed: 100,
    });
    expect(ttsAddBodySchema.safeParse({ text: '   ', voice: 'v' }).success).toBe(false);
    expect(ttsAddBodySchema.safeParse({ text: '你好', voice: 'v', speed: 49 }).success).toBe(false);
    expect(ttsAddBodySchema.safeParse({ text: '你好', voice: 'v', speed: 201 }).success).toBe(false);
    expect(ttsAddBodySchema.safeParse({ text: '你好', voice: 'v', speed: 100.5 }).success).toBe(false);
    expect(asrAddBodySchema.safeParse({ fileId: 0 }).success).toBe(false);
  });
});
