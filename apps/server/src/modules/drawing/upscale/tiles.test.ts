import { describe, expect, it } from 'vitest';
import { planTiles, upscaleTiled, type RgbImage } from './tiles.js';

/** Nearest-neighbour ×scale: a stand-in model whose whole-picture answer is known exactly. */
const nearest = (scale: number) => async (image: RgbImage): Promise<RgbImage> => {
  const width = image.width * scale;
  const height = image.height * scale;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 3;
      data.set(image.data.subarray(from, from + 3), (y * width + x) * 3);
    }
  return { data, width, height };
};

const noise = (width: number, height: number): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  return { data, width, height };
};

describe('tiled upscaling', () => {
  it('covers the picture once with tiles padded by their neighbours, clipped at the borders', () => {
    const tiles = planTiles(300, 130, 128, 10);
    expect(tiles).toHaveLength(3 * 2);
    expect(tiles.reduce((sum, t) => sum + t.width * t.height, 0)).toBe(300 * 130);
    expect(tiles[0]).toMatchObject({ x: 0, y: 0, padX: 0, padY: 0, padWidth: 138, padHeight: 130 });
    expect(tiles[4]).toMatchObject({ x: 128, y: 128, width: 128, height: 2, padX: 118, padY: 118, padWidth: 148, padHeight: 12 });
  });

  it('stitches the tiles into exactly the answer of the model on the whole picture', async () => {
    const image = noise(261, 140);
    const whole = await nearest(4)(image);
    const seen: number[] = [];
    const tiled = await upscaleTiled(image, 4, nearest(4), { tileSize: 64, overlap: 8, onTile: (d) => void seen.push(d) });
    expect([tiled.width, tiled.height]).toEqual([whole.width, whole.height]);
    expect(Buffer.compare(Buffer.from(tiled.data), Buffer.from(whole.data))).toBe(0);
    expect(seen.at(-1)).toBe(1);
  });

  it('refuses a model answer of the wrong size', async () => {
    await expect(upscaleTiled(noise(20, 20), 2, nearest(3), { tileSize: 16, overlap: 2 })).rejects.toThrow('not ×2');
  });
});
