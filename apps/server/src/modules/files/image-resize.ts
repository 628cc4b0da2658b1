import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import './files.messages.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { IMAGE_DECODE_LIMITS, inspectImage } from '../../platform/storage/image-upload.js';

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

/**
 * Resized copies of our own stored images (spec §7 imageResize, defaults 500×500 mode 3), cached on disk
 * under DATA_DIR/cache/resize. Only URLs of our own storage are accepted, so this never fetches other hosts.
 */
export const createImageResizer = (deps: { storage: FileStorage; cacheDir: string }) => ({
  async resize(input: ResizeInput, ownOrigins: string[]): Promise<Resized> {
    const target = deps.storage.resolveOwnUrl(input.url, ownOrigins);
    if (!target) throw badRequest('image_url_not_allowed');
    const id = createHash('sha256')
      .update(`${target.visibility}\n${target.key}\n${input.width}\n${input.height}\n${input.mode}`)
      .digest('hex');
    const cached = path.join(deps.cacheDir, id.slice(0, 2), id);
    const png = /\.(png|gif|svg)$/i.test(target.key);
    const contentType = png ? 'image/png' : 'image/jpeg';
    try {
      return { data: await readFile(cached), contentType, visibility: target.visibility };
    } catch {
      // Not cached yet.
    }
    const source = await deps.storage.read(target.key, target.visibility);
    if (!source) throw notFound();
    const original = await readAll(source.stream);
    // The decode budget from the header (only the first frame is resized): image_too_large before decoding.
    await inspectImage(original, { maxBytes: MAX_SOURCE_BYTES, frames: 'first' }).catch((error: unknown) => {
      throw error instanceof AppError && error.id === 'image_too_large'
        ? error
        : badRequest('image_url_not_allowed');
    });
    let data: Buffer;
    try {
      const pipeline = sharp(original, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels })
        .rotate()
        .resize(input.width, input.height, {
          fit: FITS[input.mode] ?? 'inside',
          withoutEnlargement: input.mode === 3,
          background: { r: 255, g: 255, b: 255, alpha: png ? 0 : 1 },
        });
      data = await (png ? pipeline.png() : pipeline.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
    } catch {
      throw badRequest('image_url_not_allowed');
    }
    await mkdir(path.dirname(cached), { recursive: true });
    const tmp = `${cached}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, cached);
    return { data, contentType, visibility: target.visibility };
  },
});
