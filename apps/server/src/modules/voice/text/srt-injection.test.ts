import { describe, expect, it } from 'vitest';
import { buildSrt } from './srt.js';

describe("SRT from a provider's or a user's text", () => {
  it('keeps each cue on one line: a line break cannot start a cue of its own', () => {
    const srt = buildSrt([
      { start: 0, end: 1, text: '一\r\n\r\n2\r\n00:00:00,000 --> 09:00:00,000\r\nINJECTED' },
      {
        start: 1,
        end: 2,
        text: '二\u2028\u2028' + '3\u202900:00:00,000 --> 09:00:00,000\u0085INJECTED\u0000\u009b',
      },
    ]);
    const blocks = srt.trim().split(/\r?\n\s*\n|\r\r|\u2028\u2028/);
    expect(blocks).toHaveLength(2);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    expect(srt).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(blocks.map((b) => b.split('\n')[0])).toEqual(['1', '2']);
    expect(blocks.every((b) => b.split('\n').length === 3)).toBe(true);
  });
});
