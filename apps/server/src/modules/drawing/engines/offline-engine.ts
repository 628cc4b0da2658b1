import sharp from 'sharp';
import type { DrawRequest, EngineRun, ImageEngine } from './image-engine.js';
import { seededRandom } from '../../../platform/seeded-random.js';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';
import { hexOf } from './composer/colour.js';
import { composeSvg, type Composition, type SourceLook } from './composer/compose.js';
import { RENDERERS } from './composer/styles.js';

/**
 * The built-in offline engine: the composer (composer/) reads the prompt into subjects, lays them out and paints
 * them in the style; sharp renders the SVG, adds paper or film grain and (pixel art) cuts it to a coarse grid; the
 * small offline label goes on last, crisp, in a corner — unless the picture is for a video (`forVideo`). With a
 * source picture (picture to picture) its colours and a blurred copy of it are the background. Deterministic: the
 * same prompt, style, ratio and seed (and source) give the same bytes.
 */

const GRAIN = 256;
/** The largest side rendered; librsvg quietly clamps larger sizes to one pixel instead of failing. */
const MAX_SIDE = 8192;

/** A source picture's look: its dominant colours and a small, soft copy of its layout. */
export const sourceLookOf = async (image: Buffer): Promise<SourceLook> => {
  const small = sharp(image, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels }).rotate().removeAlpha();
  const { data } = await small
    .clone()
    .resize(4, 4, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const colours: string[] = [];
  for (let i = 0; i < data.length; i += 3) colours.push(hexOf([data[i]!, data[i + 1]!, data[i + 2]!]));
  const background = await small.clone().resize(24, 24, { fit: 'fill' }).blur(1.2).png().toBuffer();
  return { colours: [...new Set(colours)], background };
};

/** The composition of one picture (its SVG, for tests and for the video pipeline's stills). */
export const composeOffline = (
  request: DrawRequest,
  index: number,
  source?: SourceLook | null,
): Composition =>
  composeSvg(request, index, { label: !request.forVideo, source, scene: request.forVideo === true });

/** Renders one picture: the composed SVG, grain, the style's finishing; PNG out. */
export const renderOffline = async (request: DrawRequest, index: number): Promise<Buffer> => {
  const { width, height } = request;
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE))
    throw new Error(`the offline engine cannot render ${width}×${height}`);
  const source = request.sourceImage ? await sourceLookOf(request.sourceImage) : null;
  const composition = composeOffline(request, index, source);
  const renderer = RENDERERS[composition.style];
  // Raw pixels between the steps: no PNG encode and decode until the end.
  let pixels = await sharp(Buffer.from(composition.scene))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const step = () => sharp(pixels.data, { raw: pixels.info });
  if (renderer.grain) {
    // Grain from the picture's own seed, so the same prompt and seed give the same bytes.
    const rnd = seededRandom(request.seed ^ 0x5bd1e995);
    const grain = Buffer.alloc(GRAIN * GRAIN * 3);
    const spread = 22 * renderer.grain;
    for (let i = 0; i < grain.length; i += 3) {
      const v = Math.round(128 + (rnd() + rnd() + rnd() - 1.5) * spread);
      grain[i] = grain[i + 1] = grain[i + 2] = v;
    }
    const tile = await sharp(grain, { raw: { width: GRAIN, height: GRAIN, channels: 3 } })
      .png()
      .toBuffer();
    pixels = await step()
      .composite([{ input: tile, tile: true, blend: 'soft-light' }])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  if (composition.style === 'oil')
    pixels = await step().sharpen({ sigma: 1.4 }).raw().toBuffer({ resolveWithObject: true });
  if (composition.style === 'pixel') {
    // Sizes are multiples of 8 (drawSizeOf), so each cell is exactly 8×8 pixels.
    const scale = 8;
    const small = await step()
      .resize(Math.round(request.width / scale), Math.round(request.height / scale))
      .png({ palette: true, colours: 24, dither: 0 })
      .toBuffer();
    pixels = await sharp(small)
      .resize(request.width, request.height, { kernel: 'nearest' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  const layers = composition.label ? [{ input: Buffer.from(composition.label) }] : [];
  return step().composite(layers).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
};

export const createOfflineImageEngine = (options: { timeoutMs?: number } = {}): ImageEngine => ({
  name: 'offline',
  offline: true,
  maxPromptChars: 1000,
  timeoutMs: options.timeoutMs ?? 60_000,
  usesRoleImages: false,
  usesSourceImage: true,
  async draw(request: DrawRequest, run: EngineRun) {
    const out: Buffer[] = [];
    for (let i = 0; i < request.count; i++) {
      if (run.signal.aborted) throw run.signal.reason as Error;
      await run.progress(10 + Math.round((80 * i) / request.count), 'generating');
      out.push(await renderOffline(request, i));
    }
    return out;
  },
});
