/**
 * Tiled super-resolution: a big picture is cut into tiles, each tile is sent to the model with a margin of its
 * neighbours' pixels around it (so the network sees context at the seams), and only the tile's own part of the
 * model's answer is kept. Memory then depends on the tile size, not the picture's.
 */

/** One tile: the part it owns (x, y, width, height) and the padded region sent to the model (`pad*`). */
export interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
  padX: number;
  padY: number;
  padWidth: number;
  padHeight: number;
}

/** Tiles covering a width × height picture, each owning at most `size` × `size`, padded by `overlap`. */
export const planTiles = (width: number, height: number, size: number, overlap: number): Tile[] => {
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += size)
    for (let x = 0; x < width; x += size) {
      const w = Math.min(size, width - x);
      const h = Math.min(size, height - y);
      const padX = Math.max(0, x - overlap);
      const padY = Math.max(0, y - overlap);
      const right = Math.min(width, x + w + overlap);
      const bottom = Math.min(height, y + h + overlap);
      tiles.push({ x, y, width: w, height: h, padX, padY, padWidth: right - padX, padHeight: bottom - padY });
    }
  return tiles;
};

/** An RGB picture, 3 bytes a pixel, rows top to bottom. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The model: an RGB region in, the same region `scale` times larger out. */
export type PredictTile = (region: RgbImage) => Promise<RgbImage>;

const crop = (image: RgbImage, x: number, y: number, width: number, height: number): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 3;
    data.set(image.data.subarray(from, from + width * 3), row * width * 3);
  }
  return { data, width, height };
};

/** Upscales `image` tile by tile through `predict`, reporting the share of tiles done (0–1). */
export const upscaleTiled = async (
  image: RgbImage,
  scale: number,
  predict: PredictTile,
  options: { tileSize: number; overlap: number; onTile?: (done: number) => Promise<void> | void },
): Promise<RgbImage> => {
  const width = image.width * scale;
  const height = image.height * scale;
  const out = new Uint8Array(width * height * 3);
  const tiles = planTiles(image.width, image.height, options.tileSize, options.overlap);
  for (const [index, tile] of tiles.entries()) {
    const region = crop(image, tile.padX, tile.padY, tile.padWidth, tile.padHeight);
    const answer = await predict(region);
    if (answer.width !== tile.padWidth * scale || answer.height !== tile.padHeight * scale)
      throw new Error(`upscale: tile answer ${answer.width}×${answer.height} is not ×${scale}`);
    // Keep the tile's own part of the answer: skip the margin the neighbours lent it.
    const offsetX = (tile.x - tile.padX) * scale;
    const offsetY = (tile.y - tile.padY) * scale;
    const rowBytes = tile.width * scale * 3;
    for (let row = 0; row < tile.height * scale; row++) {
      const from = ((offsetY + row) * answer.width + offsetX) * 3;
      const to = ((tile.y * scale + row) * width + tile.x * scale) * 3;
      out.set(answer.data.subarray(from, from + rowBytes), to);
    }
    await options.onTile?.((index + 1) / tiles.length);
  }
  return { data: out, width, height };
};
