import { describe, expect, it } from 'vitest';
import { reanchorCues } from './reanchor.js';

const spoken = [
  { start: 0.5, end: 2, text: '你好，世界', speaker: '甲' },
  { start: 2.5, end: 4, text: '今天天气很好', speaker: '乙' },
  { start: 6, end: 7.5, text: '我们去公园吧', speaker: '甲' },
];

describe('edited subtitles re-anchored on the speech', () => {
  it('an edited word keeps its cue where it is said; the other cues do not move', () => {
    const cues = reanchorCues(spoken, ['您好，世界', '今天天气真好', '我们去公园吧']);
    expect(cues.map((c) => [c.start, c.end, c.text, c.speaker])).toEqual([
      [0.5, 2, '您好，世界', '甲'],
      [2.5, 4, '今天天气真好', '乙'],
      [6, 7.5, '我们去公园吧', '甲'],
    ]);
  });

  it('deleting a line shifts nothing after it, and a long pause still ends the cue before it', () => {
    const cues = reanchorCues(spoken, ['今天天气很好', '我们去公园吧']);
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [2.5, 4],
      [6, 7.5],
    ]);
  });

  it('lines cut differently take the times of the words they hold, with the cue rules kept', () => {
    const cues = reanchorCues(spoken, ['你好，世界今天', '天气很好', '乙：我们去公园吧']);
    expect(cues[0]!.start).toBe(0.5);
    expect(cues[0]!.end).toBe(3);
    expect(cues[1]).toMatchObject({ start: 3, end: 4, text: '天气很好', speaker: '乙' });
    // A speaker written in front of a line is that line's speaker.
    expect(cues[2]).toMatchObject({ start: 6, end: 7.5, text: '我们去公园吧', speaker: '乙' });
    for (const cue of cues) expect(cue.end - cue.start).toBeGreaterThanOrEqual(0.8);
  });

  it('added words take the time between their neighbours', () => {
    const cues = reanchorCues(spoken.slice(0, 2), ['你好，世界', '啊', '今天天气很好']);
    expect(cues.map((c) => c.text)).toEqual(['你好，世界', '啊', '今天天气很好']);
    // 啊 is said in the pause between 2 and 2.5: too short to read, it is lengthened into the start of the next cue, whose end stays.
    expect(cues[1]!.start).toBeGreaterThanOrEqual(2);
    expect(cues[2]!.end).toBe(4);
  });
});
