import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AI_LABEL_FONT_SHARE, aiLabelSvg, stampAiLabel } from './visible-label.js';

/** Rows and columns of the stamped picture where pixels are near white (the label's letters on a dark picture). */
const whiteBox = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let top = Infinity;
  let bottom = -1;
  let left = Infinity;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (data[i]! > 230 && data[i + 1]! > 230 && data[i + 2]! > 230) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
      }
    }
  return { top, bottom, left, height: bottom - top + 1, info, data };
};

const plain = (background: string, width = 1000, height = 600) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe('the visible AI label on pictures', () => {
  it('writes "AI生成" in the bottom-right corner, its letters at least 5 % of the shorter side', async () => {
    const stamped = await stampAiLabel(await plain('#000000'));
    const box = await whiteBox(stamped);
    expect(box.height).toBeGreaterThanOrEqual(600 * 0.05);
    expect(box.top).toBeGreaterThan(600 / 2);
    expect(box.left).toBeGreaterThan(1000 / 2);
    // Portrait too: the shorter side is the width.
    const tall = await whiteBox(await stampAiLabel(await plain('#000000', 540, 960)));
    expect(tall.height).toBeGreaterThanOrEqual(540 * 0.05);
    expect(AI_LABEL_FONT_SHARE).toBeGreaterThan(0.05);
  });

  it('reads on a white picture: a dark plate behind white letters', async () => {
    const stamped = await stampAiLabel(await plain('#ffffff'));
    const { data, info } = await sharp(stamped).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    let white = 0;
    // The bottom-right eighth of the picture: the plate's dark pixels and the letters' white ones, side by side.
    for (let y = Math.floor(info.height * 0.8); y < info.height; y++)
      for (let x = Math.floor(info.width * 0.8); x < info.width; x++) {
        const v = data[(y * info.width + x) * 3]!;
        if (v < 140) dark += 1;
        if (v > 245) white += 1;
      }
    expect(dark).toBeGreaterThan(2000);
    expect(white).toBeGreaterThan(2000);
  });

  it('puts a note on the same plate (the offline stamp merged, not stacked)', () => {
    const svg = aiLabelSvg(1024, 1024, '离线引擎');
    expect(svg.match(/<rect/g)).toHaveLength(1);
    expect(svg).toContain('>AI生成<');
    expect(svg).toContain('>离线引擎<');
  });
});
