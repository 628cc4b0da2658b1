import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEsrganUpscaler, decodeRgb, esrganUpscaleRgb, OVERLAP } from './esrgan-upscaler.js';

/** A small picture with edges and gradients: the model has something to sharpen. */
const sample = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inCircle = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 3) ** 2;
      data[i] = inCircle ? 220 : Math.round((x / width) * 255);
      data[i + 1] = inCircle ? 60 : Math.round((y / height) * 255);
      data[i + 2] = (x >> 3) % 2 ? 200 : 40;
    }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
};

/** Peak signal-to-noise ratio of two RGB pictures of one size, in dB. */
const psnr = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10(255 ** 2 / (sum / a.length));
};

describe('offline ESRGAN upscaler (tfjs WASM, worker thread)', () => {
  it('gives the same picture tiled as whole: the overlap hides the seams', async () => {
    const rgb = await decodeRgb(await sample(100, 70));
    const signal = new AbortController().signal;
    const whole = await esrganUpscaleRgb(rgb, 2, { signal, tileSize: 512 });
    const tiles: number[] = [];
    const tiled = await esrganUpscaleRgb(rgb, 2, { signal, tileSize: 40, overlap: OVERLAP, onTile: (d) => void tiles.push(d) });
    expect(tiles).toHaveLength(3 * 2);
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++) worst = Math.max(worst, Math.abs(whole.data[i]! - tiled.data[i]!));
    // Equal up to float rounding (a seam would differ by tens of levels).
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('doubles a picture: the size doubles and the picture stays the same picture', async () => {
    const input = await sample(150, 90);
    const progress: number[] = [];
    const out = await createEsrganUpscaler().upscale(input, 2, {
      signal: new AbortController().signal,
      progress: async (percent) => void progress.push(percent),
    });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([300, 180]);
    // Compared with a plain resize of the input, the model's answer is close (same content, no seams or
    // shifted tiles) but not identical (it is not a resize).
    const model = await decodeRgb(out);
    const resized = await decodeRgb(await sharp(input).resize(300, 180, { kernel: 'cubic' }).png().toBuffer());
    const score = psnr(model.data, resized.data);
    expect(score).toBeGreaterThan(22);
    expect(score).toBeLessThan(60);
    // Progress is reported as tiles finish.
    expect(progress.some((p) => p > 5 && p <= 90)).toBe(true);
  });

  it('stops when the run is aborted', async () => {
    const controller = new AbortController();
    const run = createEsrganUpscaler().upscale(await sample(64, 64), 4, {
      signal: controller.signal,
      progress: async () => controller.abort(new Error('canceled')),
    });
    await expect(run).rejects.toThrow('canceled');
  });
});
