import { describe, expect, it } from 'vitest';
import { buildAss, formatAssTime, karaokeWords } from './ass.js';
import { buildCues } from './cue-builder.js';

describe('ASS subtitles with speakers and word-level karaoke', () => {
  it('names each event’s speaker and times each word so the words fill the cue exactly', () => {
    const cue = { start: 1.2, end: 3.45, text: '我们一起去公园散步', speaker: '甲' };
    const words = karaokeWords(cue);
    expect(words.map((w) => w.text)).toEqual(['我们', '一起', '去', '公园', '散步']);
    expect(words.reduce((n, w) => n + w.cs, 0)).toBe(225);
    const ass = buildAss([cue], { karaoke: true });
    expect(ass).toContain('Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text');
    expect(ass).toContain(
      'Dialogue: 0,0:00:01.20,0:00:03.45,Default,甲,0,0,0,,{\\k50}我们{\\k50}一起{\\k25}去{\\k50}公园{\\k50}散步',
    );
    expect(formatAssTime(3661.234)).toBe('1:01:01.23');
    // Text that would open an override tag is shown as text.
    expect(buildAss([{ start: 0, end: 1, text: '{\\b1}加粗' }])).toContain(',,b1加粗');
  });

  it('never joins two speakers into one cue, even a cue too short to read', () => {
    const cues = buildCues([
      { start: 0, end: 0.4, text: '嗯', speaker: '甲' },
      { start: 0.5, end: 2, text: '你来了', speaker: '乙' },
    ]);
    expect(cues.map((c) => [c.speaker, c.text])).toEqual([
      ['甲', '嗯'],
      ['乙', '你来了'],
    ]);
  });
});
