import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE_MODERATION, drawSizeOf } from '@app/contract';
import { renderOffline } from '../../drawing/engines/offline-engine.js';
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
  it('passes neutral photos and drawings: the plaza pictures, ffmpeg sources and the offline drawing engine', async () => {
    const drawing = await renderOffline(
      {
        prompt: '春天的公园里，孩子们在放风筝',
        negativePrompt: null,
        style: 'none',
        ratio: '1:1',
        ...drawSizeOf('1:1'),
        count: 1,
        seed: 3,
        roleImages: [],
      },
      0,
    );
    const pictures: [string, Buffer | string][] = [
      ...['cat', 'panda', 'coffee', 'mountain-lake', 'city-night', 'hotpot', 'tea', 'forest'].map(
        (name): [string, Buffer] => [name, readFileSync(path.join(staticDir, `${name}.png`))],
      ),
      ['testsrc2 1080p', ffmpegPicture('testsrc2', 'testsrc2=size=1920x1080')],
      ['smpte bars', ffmpegPicture('bars', 'smptehdbars=size=1280x720')],
      ['mandelbrot', ffmpegPicture('mandelbrot', 'mandelbrot=size=800x600')],
      ['offline drawing', drawing],
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
