import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_PICTURE_MODERATION } from '@app/contract';
import { createNsfwClassifier } from './nsfw-classifier.js';
import { riskOf, verdictOf } from './picture-screen.js';

const staticDir = path.resolve(import.meta.dirname, '../../../../static/plaza');
const work = mkdtempSync(path.join(tmpdir(), 'nsfw-test-'));

/** A picture made locally by ffmpeg from one of its test sources (no download). */
const ffmpegPicture = (name: string, source: string) => {
  const file = path.join(work, `${name}.png`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', file]);
  return file;
};

const classifier = createNsfwClassifier({ idleMs: 60_000, budgetMs: 120_000 });
afterAll(async () => {
  await classifier.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the offline picture classifier (nsfwjs on the WASM backend)', () => {
  it('passes neutral photos and drawings: the plaza pictures, ffmpeg test sources and a drawn picture', async () => {
    // A drawing: a house under the sun beside two trees, with a caption (SVG rendered by sharp).
    const drawing = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
        <rect width="1024" height="768" fill="#bfe3ff"/><rect y="520" width="1024" height="248" fill="#7cc26b"/>
        <circle cx="860" cy="130" r="70" fill="#ffd23f"/>
        <rect x="380" y="340" width="260" height="200" fill="#f4a261"/><polygon points="360,340 510,220 660,340" fill="#c0392b"/>
        <rect x="480" y="430" width="60" height="110" fill="#6d4c41"/>
        <rect x="150" y="420" width="30" height="120" fill="#6d4c41"/><circle cx="165" cy="390" r="70" fill="#2e7d32"/>
        <rect x="800" y="430" width="30" height="110" fill="#6d4c41"/><circle cx="815" cy="400" r="60" fill="#388e3c"/>
        <text x="512" y="700" font-size="48" text-anchor="middle" font-family="WenQuanYi Micro Hei">春天的家</text>
      </svg>`),
    )
      .png()
      .toBuffer();
    const pictures: [string, Buffer | string][] = [
      ...['cat', 'panda', 'coffee', 'mountain-lake', 'city-night', 'hotpot', 'tea', 'forest'].map(
        (name): [string, Buffer] => [name, readFileSync(path.join(staticDir, `${name}.png`))],
      ),
      ['testsrc2 1080p', ffmpegPicture('testsrc2', 'testsrc2=size=1920x1080')],
      ['smpte bars', ffmpegPicture('bars', 'smptehdbars=size=1280x720')],
      ['mandelbrot', ffmpegPicture('mandelbrot', 'mandelbrot=size=800x600')],
      ['drawing', drawing],
    ];
    for (const [name, picture] of pictures) {
      const scores = await classifier.classify(picture);
      const total = Object.values(scores).reduce((sum, p) => sum + p, 0);
      expect(total, name).toBeCloseTo(1, 3);
      expect(verdictOf(riskOf(scores), [], DEFAULT_PICTURE_MODERATION), `${name}: ${JSON.stringify(scores)}`).toBe('pass');
    }
    expect(classifier.loaded()).toBe(true);
  });

  it('gives the same scores for the same picture, and releases its model when idle', async () => {
    const quick = createNsfwClassifier({ idleMs: 200, budgetMs: 120_000 });
    const picture = readFileSync(path.join(staticDir, 'snow.png'));
    const first = await quick.classify(picture);
    expect(await quick.classify(picture)).toEqual(first);
    expect(quick.loaded()).toBe(true);
    await expect.poll(() => quick.loaded(), { timeout: 5_000 }).toBe(false);
    // Loaded again on the next picture.
    expect(await quick.classify(picture)).toEqual(first);
    await quick.close();
  });

  it('fails a picture over its time budget and ends the worker', async () => {
    const hasty = createNsfwClassifier({ budgetMs: 1 });
    await expect(hasty.classify(readFileSync(path.join(staticDir, 'cat.png')))).rejects.toThrow(/budget/);
    expect(hasty.loaded()).toBe(false);
  });
});
