import sharp from 'sharp';

/** The visible label's words (显式标识), the same in every language as the standard writes them. */
export const AI_LABEL_TEXT = 'AI生成';

/** The label's font size as a share of the picture's shorter side: its glyphs stand ≥ 5 % of it (GB 45438). */
export const AI_LABEL_FONT_SHARE = 0.066;

const FONT = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";

const widthOf = (text: string, size: number) =>
  size * [...text].reduce((n, ch) => n + (/[\u3400-\u9fff]/.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.58), 0);

/**
 * The corner label, bottom right, as an SVG layer of the picture's size: "AI生成" (with `note`, e.g. the offline
 * engine's, as a small second line on the same plate rather than a second stamp), white with a dark outline on a
 * dark translucent plate, so it reads on light and dark pictures alike.
 */
export const aiLabelSvg = (width: number, height: number, note?: string): string => {
  const size = Math.max(12, Math.round(Math.min(width, height) * AI_LABEL_FONT_SHARE));
  const noteSize = Math.max(9, Math.round(size * 0.42));
  const padX = Math.round(size * 0.45);
  const textW = Math.max(widthOf(AI_LABEL_TEXT, size), note ? widthOf(note, noteSize) : 0);
  const plateW = Math.round(textW + padX * 2);
  const lineH = Math.round(size * 1.3);
  const plateH = lineH + (note ? Math.round(noteSize * 1.5) : 0);
  const margin = Math.round(size * 0.4);
  const x = width - plateW - margin;
  const y = height - plateH - margin;
  const text = (id: string, cy: number, px: number, body: string) =>
    `<text id="${id}" x="${x + plateW / 2}" y="${cy}" dominant-baseline="central" font-family="${FONT}" ` +
    `font-size="${px}" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(1, Math.round(px * 0.06))}" ` +
    `paint-order="stroke" text-anchor="middle">${body}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="${x}" y="${y}" width="${plateW}" height="${plateH}" rx="${Math.round(size * 0.3)}" fill="#000000" opacity="0.55"/>` +
    text('ai-label', y + lineH / 2, size, AI_LABEL_TEXT) +
    (note ? text('ai-label-note', y + lineH + noteSize * 0.6, noteSize, note) : '') +
    `</svg>`
  );
};

/** A picture with the corner label drawn on (PNG out; the caller encodes it as it stores it). */
export const stampAiLabel = async (image: Buffer, note?: string): Promise<Buffer> => {
  const upright = await sharp(image).rotate().png().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  return sharp(upright.data)
    .composite([{ input: Buffer.from(aiLabelSvg(width, height, note)) }])
    .png()
    .toBuffer();
};
