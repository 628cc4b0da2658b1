import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, thumbOf } from '../../test/frames.js';
import { ffmpegToBuffer } from './pipeline/ffmpeg.js';
import { preparePicture } from './pipeline/pictures.js';
import { renderVideo, type SceneSpeech } from './pipeline/render.js';
import type { TextStyle } from './pipeline/subtitles.js';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../static/images');
/**
 * Below this a frame is a copy of a banner (measured here: a video on the old banner background is about 4
 * from it; our template designs are 30 or more from every banner).
 */
const RESEMBLES = 15;

const probe = (file: string) =>
  JSON.parse(
    spawnSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'json',
      file,
    ]).stdout.toString(),
  ) as { streams: { width?: number; height?: number }[] };

/** A speech stand-in: a tone as long as the text, one cue over it (no speech engine needed). */
const toneSpeech = async (text: string): Promise<SceneSpeech> => {
  const seconds = 0.8 + [...text].length * 0.05;
  const audio = await ffmpegToBuffer(['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`, '-f', 'mp3', 'pipe:1']);
  return {
    audio,
    duration: seconds,
    cues: [{ start: 0, end: seconds, text }],
    engine: 'tone',
    offline: true,
  };
};

const ARTICLE =
  '# 周末去哪儿 #出游#\n春天来了，公园里的花都开了。#春天# #踏青 😀\n看看[攻略](https://example.com/a)。\n\n> 本回答由内置离线引擎生成，未连接在线 AI 模型，仅供参考。';

describe('rendered frames', { timeout: 120_000 }, () => {
  let work: string;
  let banners: string[];
  /** Each banner as the renderer shows a background picture (blurred fill, the picture fitted over it). */
  const bannerLooks = new Map<string, Buffer>();
  const bannerLook = async (banner: string, w: number, h: number) => {
    const key = `${banner}@${w}x${h}`;
    if (!bannerLooks.has(key)) {
      const out = path.join(work, `${path.basename(banner)}-${w}x${h}.jpg`);
      await preparePicture({ source: banner, background: '#000000', width: w, height: h, out });
      bannerLooks.set(key, thumbOf(out, w, h));
    }
    return bannerLooks.get(key)!;
  };
  /** How far a thumbnail is from the nearest look of a banner (as a background, or cropped to fill). */
  const distanceToBanner = async (thumb: Buffer, banner: string, w: number, h: number) =>
    Math.min(difference(thumb, await bannerLook(banner, w, h)), difference(thumb, thumbOf(banner, w, h)));
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'video-frames-'));
    banners = (await readdir(IMAGES)).filter((f) => f.startsWith('banner-')).map((f) => path.join(IMAGES, f));
    expect(banners.length).toBeGreaterThan(0);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const render = async (name: string, style: TextStyle, picture: string) => {
    const spoken: string[] = [];
    const workDir = path.join(work, name);
    await mkdir(workDir);
    const output = await renderVideo({
      title: '周末去哪儿',
      text: ARTICLE,
      style,
      background: '#102030',
      clips: [],
      music: null,
      workDir,
      signal: new AbortController().signal,
      censor: async () => undefined,
      speak: async (text) => {
        spoken.push(text);
        return toneSpeech(text);
      },
      pictureFor: async () => picture,
      progress: async () => undefined,
    });
    return { output, spoken };
  };
  const framesOf = (video: string, w: number, h: number, seconds: number) =>
    [0.2, seconds / 2, seconds - 0.2].map((at) => thumbOf(video, w, h, at));

  it('a 1:1 karaoke video on its template design: square, no frame like any banner, nothing said but the words', async () => {
    const style: TextStyle = {
      width: 240,
      height: 240,
      font: 'WenQuanYi Micro Hei',
      fontSize: 14,
      fontColor: '#FFFFFF',
      subtitleAnchor: 8,
      titleAnchor: 2,
      subtitleStyle: 'karaoke',
    };
    const { output, spoken } = await render('square', style, path.join(IMAGES, 'video-bg-square.svg'));
    expect(probe(output.video).streams[0]).toMatchObject({ width: 240, height: 240 });
    // The voice gets neither hashtag, link nor the disclaimer; the emoji stays in the line for the screen (the
    // voice module never says it: tts-engines.test.ts).
    const said = spoken.join('|');
    expect(said).toBe('周末去哪儿。|春天来了，公园里的花都开了。😀|看看攻略。');
    expect(output.cues.map((c) => c.text).join('')).not.toMatch(/#|本回答|http/);
    expect(output.cues.map((c) => c.text).join('')).toContain('😀');
    const ass = await readFile(path.join(work, 'square', 'scene-1.ass'), 'utf8');
    expect(ass).toMatch(/\{\\k\d+\}/);
    for (const frame of framesOf(output.video, 240, 240, output.seconds))
      for (const banner of banners)
        expect(await distanceToBanner(frame, banner, 240, 240), banner).toBeGreaterThan(RESEMBLES);
  });

  it('every template design is unlike every banner, in its own aspect (and the measure does catch a banner)', async () => {
    const designs = (await readdir(IMAGES)).filter((f) => f.startsWith('video-bg-'));
    expect(designs.length).toBeGreaterThanOrEqual(6);
    const thumbs = designs.map((d) => thumbOf(path.join(IMAGES, d), 180, 320));
    for (const [i, design] of thumbs.entries())
      for (const banner of banners)
        expect(await distanceToBanner(design, banner, 180, 320), `${designs[i]} ~ ${banner}`).toBeGreaterThan(
          RESEMBLES,
        );
    // The thumbnails differ from each other too (no one picture repeated).
    for (let i = 0; i < thumbs.length; i += 1)
      for (let j = i + 1; j < thumbs.length; j += 1)
        expect(difference(thumbs[i]!, thumbs[j]!), `${designs[i]} ~ ${designs[j]}`).toBeGreaterThan(10);
    // Control: a video on the old background (the home banner) is caught by the same measure.
    const style: TextStyle = {
      width: 180,
      height: 320,
      font: 'WenQuanYi Micro Hei',
      fontSize: 14,
      fontColor: '#FFFFFF',
      subtitleAnchor: 8,
      titleAnchor: 2,
    };
    const banner = path.join(IMAGES, 'banner-video.svg');
    const { output } = await render('banner', style, banner);
    const [frame] = framesOf(output.video, 180, 320, output.seconds);
    expect(await distanceToBanner(frame!, banner, 180, 320)).toBeLessThan(RESEMBLES);
  });
});
