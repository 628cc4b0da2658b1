import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScene } from './pipeline/compose.js';
import { ffmpegToBuffer } from './pipeline/ffmpeg.js';
import { cleanForVideo, splitIntoScenes, spokenText } from './pipeline/script.js';
import { buildSceneAss, type TextStyle } from './pipeline/subtitles.js';

// Emoji in a video's text: kept on screen in a monochrome emoji font libass can draw, never said, never a box.

const W = 360;
const H = 640;
const style: TextStyle = {
  width: W,
  height: H,
  font: 'WenQuanYi Micro Hei',
  fontSize: 48,
  fontColor: '#FFFFFF',
  subtitleAnchor: 5,
  titleAnchor: 2,
  subtitleStyle: 'outlined',
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'subtitle-emoji-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The middle of a scene whose one cue is `text`, rendered as the pipeline renders it: grey pixels of the cue's rows. */
const renderCue = async (name: string, ass: string) => {
  const file = path.join(dir, `${name}.ass`);
  const out = path.join(dir, `${name}.h264`);
  await writeFile(file, ass);
  await renderScene({ index: 0, picture: null, background: '#000000', width: W, height: H, frames: 2, ass: file, out });
  const frame = await ffmpegToBuffer(['-f', 'h264', '-i', out, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1']);
  return sharp(frame).extract({ left: 0, top: H / 2 - 40, width: W, height: 80 }).grayscale().raw().toBuffer();
};

/** Pixels as bright as the white text. */
const ink = (pixels: Buffer) => pixels.reduce((n, v) => n + (v > 180 ? 1 : 0), 0);

/** libass's log of drawing `ass` (which font each character was found in). */
const libassLog = (file: string) =>
  new Promise<string>((resolve, reject) =>
    execFile(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'verbose', '-f', 'lavfi', '-i', `color=black:s=${W}x${H}`, '-vf', `ass=${file}`, '-frames:v', '1', '-f', 'null', '-'],
      (error, _stdout, stderr) => (error ? reject(error) : resolve(stderr)),
    ),
  );

describe('emoji in burned-in subtitles', { timeout: 60_000 }, () => {
  it('are kept in the scene text and cues but not in what is said or paid for', () => {
    expect(cleanForVideo('**好吃**😋 下次再来🎉')).toBe('好吃😋 下次再来🎉');
    const scenes = splitIntoScenes('今天去西湖划船🚣，风景太美了😍！');
    expect(scenes.map((s) => s.text).join('')).toContain('😍');
    expect(spokenText(scenes)).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('are drawn as real glyphs of a monochrome emoji font, each its own shape, never a box', async () => {
    const cue = (text: string) => buildSceneAss({ style, seconds: 2 / 30, title: null, cues: [{ start: 0, end: 1, text }] });
    const smile = cue('😀');
    expect(smile).toContain('{\\fnSymbola}😀{\\fnWenQuanYi Micro Hei}');
    // An emoji the font lacks (🥰, Unicode 11) and a skin tone are left out, not drawn as a box.
    expect(cue('好🥰👍🏽')).toContain('好{\\fnSymbola}👍{\\fnWenQuanYi Micro Hei}');
    const file = path.join(dir, 'log.ass');
    await writeFile(file, cue('开心😀🎉'));
    const log = await libassLog(file);
    // Every font libass picks is the text's or Symbola (the colour emoji font's bitmaps would draw nothing).
    const picked = [...log.matchAll(/fontselect: \([^)]*\) -> (\S+)/g)].map((m) => path.basename(m[1]!.replace(/,$/, '')));
    expect(picked).toContain('Symbola_hint.ttf');
    expect(picked.filter((font) => !/^(wqy-microhei\.ttc|Symbola_hint\.ttf)$/.test(font))).toEqual([]);

    // Drawn: ink where the emoji is, and two emoji look different (boxes for missing glyphs would be alike).
    const a = await renderCue('smile', smile);
    const b = await renderCue('party', cue('🎉'));
    const empty = await renderCue('empty', cue(' '));
    expect(ink(empty)).toBe(0);
    expect(ink(a)).toBeGreaterThan(100);
    expect(ink(b)).toBeGreaterThan(100);
    let differ = 0;
    for (let i = 0; i < a.length; i += 1) if (a[i]! > 180 !== b[i]! > 180) differ += 1;
    expect(differ).toBeGreaterThan(Math.min(ink(a), ink(b)) / 3);
  });
});
