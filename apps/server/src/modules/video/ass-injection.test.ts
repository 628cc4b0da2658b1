import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderScene } from './pipeline/compose.js';
import { ffmpeg } from './pipeline/ffmpeg.js';
import { buildSceneAss, type TextStyle } from './pipeline/subtitles.js';

const INJECTED = 'Dialogue: 9,0:00:00.00,9:00:00.00,Sub,,0,0,0,,INJECTED';
const style: TextStyle = {
  width: 160,
  height: 96,
  // A font name is written into a style line too.
  font: `Sans\n[Events]\n${INJECTED}`,
  fontSize: 12,
  fontColor: '#FFFFFF',
  subtitleAnchor: 8,
  titleAnchor: 2,
};

/** The events of an ASS script as a subtitle reader sees them: `[Events]` lines that start with `Dialogue:`. */
const eventsOf = (ass: string) => {
  // A reader splits lines at CR as well as LF (libass does), so this is the view of the attacker's line.
  const lines = ass.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/);
  const events: { style: string; text: string }[] = [];
  let section = '';
  for (const line of lines) {
    if (/^\[.*\]$/.test(line)) section = line;
    const match = /^Dialogue:\s*([^,]*,){3}([^,]*),([^,]*,){4}[^,]*,(.*)$/.exec(line);
    if (match) events.push({ style: match[2]!, text: match[4]! });
    if (section !== '[Events]' && line.startsWith('Dialogue:')) events.push({ style: 'outside', text: line });
  }
  return events;
};

describe('text burned into videos', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ass-injection-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a title, cue or caption with line breaks and control characters holds only our own events', async () => {
    const ass = buildSceneAss({
      style,
      seconds: 0.1,
      title: `标题\r\n${INJECTED}`,
      cues: [
        { start: 0, end: 0.05, text: `一\r${INJECTED}` },
        { start: 0.05, end: 0.1, text: `二\u2028${INJECTED}\u0085\u009b\u0000` },
      ],
      caption: `第一行\n第二行\r\n${INJECTED}`,
    });
    const events = eventsOf(ass);
    expect(events.map((e) => e.style)).toEqual(['Title', 'Caption', 'Sub', 'Sub']);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    expect(ass).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    // Each event's text is our placement tag, then the text as text (no tag of its own), broken into lines by
    // us (`\N`) to fit the safe area.
    const placed = /^\{\\an\d\\pos\(\d+,\d+\)\}/;
    const shown = (text: string) => text.replace(placed, '').replace(/\\N|\s/g, '');
    for (const event of events) {
      expect(event.text).toMatch(placed);
      expect(event.text.replace(placed, '')).not.toMatch(/[{}]/);
    }
    expect(shown(events[0]!.text)).toBe(`标题${INJECTED}`.replace(/\s/g, ''));
    expect(shown(events[1]!.text)).toBe(`第一行第二行${INJECTED}`.replace(/\s/g, ''));
    expect(events[1]!.text.replace(placed, '').startsWith('第一行\\N第二行\\N')).toBe(true);
    expect(ass.split('\n').filter((l) => l.startsWith('Style:'))).toHaveLength(3);

    // Real ffmpeg renders it, and its own ASS reader finds exactly our four events.
    const file = path.join(dir, 'scene.ass');
    writeFileSync(file, ass);
    await renderScene({
      index: 0,
      picture: null,
      background: '#102030',
      width: style.width,
      height: style.height,
      frames: 3,
      ass: file,
      out: path.join(dir, 'scene.h264'),
    });
    expect(readFileSync(path.join(dir, 'scene.h264')).length).toBeGreaterThan(0);
    const srt = path.join(dir, 'read.srt');
    await ffmpeg(['-i', file, srt]);
    const cues = readFileSync(srt, 'utf8')
      .trim()
      .split(/\n\s*\n/);
    expect(cues).toHaveLength(4);
    expect(cues.filter((c) => c.includes('INJECTED'))).toHaveLength(4); // the text is shown, as text, in ours
  });
});
