import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_RESIZE_SIZES } from '@app/contract';
import './files.messages.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { IMAGE_DECODE_LIMITS, inspectImage } from '../../platform/storage/image-upload.js';
import type { ResizeCache } from './resize-cache.js';
import type { ResizeGate } from './resize-gate.js';

/** Largest source image read for resizing. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

const FITS = ['fill', 'cover', 'contain', 'inside'] as const;

export interface ResizeInput {
  url: string;
  width: number;
  height: number;
  mode: number;
}

export interface Resized {
  data: Buffer;
  contentType: string;
  visibility: 'public' | 'private';
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buf.length;
    if (total > MAX_SOURCE_BYTES) throw badRequest('image_url_not_allowed');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
};

/** The size a request is made at: the smallest of IMAGE_RESIZE_SIZES at least as large (so few copies exist). */
export const snapSize = (n: number): number =>
  IMAGE_RESIZE_SIZES.find((size) => size >= n) ?? IMAGE_RESIZE_SIZES.at(-1)!;

/**
 * Resized copies of our own stored images (spec §7 imageResize, defaults 500×500 mode 3). Sizes snap up to
 * IMAGE_RESIZE_SIZES; copies are cached in the file store under a size cap (resize-cache.ts); making one goes
 * through the gate that bounds each client's CPU time (resize-gate.ts). Only URLs of our own storage are
 * accepted, so this never fetches other hosts.
 */
export const createImageResizer = (deps: { storage: FileStorage; cache: ResizeCache; gate: ResizeGate }) => ({
  async resize(input: ResizeInput, ownOrigins: string[], client: string): Promise<Resized> {
    const target = deps.storage.resolveOwnUrl(input.url, ownOrigins);
    if (!target) throw badRequest('image_url_not_allowed');
    const width = snapSize(input.width);
    const height = snapSize(input.height);
    const id = createHash('sha256')
      .update(`${target.visibility}\n${target.key}\n${width}\n${height}\n${input.mode}`)
      .digest('hex');
    const png = /\.(png|gif|svg)$/i.test(target.key);
    const contentType = png ? 'image/png' : 'image/jpeg';
    const cached = await deps.cache.get(id);
    if (cached) return { data: cached, contentType, visibility: target.visibility };
    const data = await deps.gate.run(client, () =>
      resizeStored(deps.storage, target, { width, height, mode: input.mode, png }),
    );
    await deps.cache.put(id, data, contentType);
    return { data, contentType, visibility: target.visibility };
  },
});
export type ImageResizer = ReturnType<typeof createImageResizer>;

/** Reads a stored image and makes its resized copy (the decode budget checked from its header first). */
const resizeStored = async (
  storage: FileStorage,
  target: { key: string; visibility: 'public' | 'private' },
  size: { width: number; height: number; mode: number; png: boolean },
): Promise<Buffer> => {
  const source = await storage.read(target.key, target.visibility);
  if (!source) throw notFound();
  const original = await readAll(source.stream);
  // The decode budget from the header (only the first frame is resized): image_too_large before decoding.
  await inspectImage(original, { maxBytes: MAX_SOURCE_BYTES, frames: 'first' }).catch((error: unknown) => {
    throw error instanceof AppError && error.id === 'image_too_large' ? error : badRequest('image_url_not_allowed');
  });
  try {
    const pipeline = sharp(original, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels })
      .rotate()
      .resize(size.width, size.height, {
        fit: FITS[size.mode] ?? 'inside',
        withoutEnlargement: size.mode === 3,
        background: { r: 255, g: 255, b: 255, alpha: size.png ? 0 : 1 },
      });
    return await (size.png ? pipeline.png() : pipeline.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
  } catch {
    throw badRequest('image_url_not_allowed');
  }
};
