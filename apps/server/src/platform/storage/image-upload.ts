import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type SharpOptions } from 'sharp';
import './image-upload.messages.js';
import { AppError, badRequest } from '../errors.js';
import { multipartRefusal } from './multipart.js';

/** Spec §9 "general image": JPEG or PNG, at most 1 MB and 1920×1080. */
export const GENERAL_IMAGE = { maxBytes: 1024 * 1024, maxWidth: 1920, maxHeight: 1080 } as const;

export interface CheckedImage {
  data: Buffer;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

/**
 * What decoding an image may cost, counted before any pixel is decoded: width × height × frames. A file of a
 * few KB can declare a 20000×20000 canvas or a 1920×1080 canvas with hundreds of one-pixel frames, and decoding
 * it takes width × height × frames × 4 bytes. 25 megapixels is twelve 1920×1080 frames, or 100 frames of 500×500.
 */
export const IMAGE_DECODE_LIMITS = { maxPixels: 25_000_000, maxFrames: 100 } as const;

// libvips' operation cache (50 MB by default) kept decoded pictures of uploads, resizes and upscales after their
// answers: memory that stayed with the process after a burst (issue 39). Every image we serve again is cached on
// disk or in the store, so the process keeps none.
sharp.cache(false);

/** Formats we decode with sharp: any other sniffed type is refused by its path's format rule, undecoded. */
const DECODED_FORMATS: readonly string[] = ['jpg', 'png', 'gif', 'webp'];
export const isDecodedFormat = (ext: string): boolean => DECODED_FORMATS.includes(ext);

/**
 * 400 `image_too_large`: more bytes than the path takes (`maxBytes`), or more pixels × frames than
 * IMAGE_DECODE_LIMITS; the message names both limits.
 */
const imageTooLarge = (maxBytes: number) =>
  new AppError(400, 'image_too_large', {
    maxKb: Math.floor(maxBytes / 1024),
    maxBytes,
    maxPixels: IMAGE_DECODE_LIMITS.maxPixels,
    maxMegapixels: IMAGE_DECODE_LIMITS.maxPixels / 1_000_000,
    maxFrames: IMAGE_DECODE_LIMITS.maxFrames,
  });

/** Options every decode of an uploaded image runs with: libvips refuses more pixels than the budget itself. */
const decodeOptions = (options?: SharpOptions): SharpOptions => ({
  limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels,
  ...options,
});

/** Spec §8 "upload failed (C)": the file is damaged or cannot be read. */
export const unreadableUpload = () => badRequest('upload_unreadable');

/**
 * Decodes an image whole and encodes it again (upright, as `format`): this drops EXIF (GPS position, camera)
 * and anything appended after the image data. A file whose header reads but whose pixels do not decode
 * (corrupt rows, truncated data) fails here, as "upload failed (C)", never as a server error.
 */
export const reencodeImage = async (
  input: Buffer | string,
  format: 'png' | 'jpeg',
  options?: SharpOptions,
): Promise<Buffer> => {
  try {
    return await sharp(input, decodeOptions(options)).rotate().toFormat(format).toBuffer();
  } catch {
    throw unreadableUpload();
  }
};

/**
 * Decodes every frame of an image kept as it is (GIF), so a broken one is refused like any other. Statistics
 * stream through the frames instead of holding them all decoded at once.
 */
export const assertImageDecodes = async (input: Buffer | string, options?: SharpOptions): Promise<void> => {
  try {
    await sharp(input, decodeOptions(options)).stats();
  } catch {
    throw unreadableUpload();
  }
};

interface ImageHeader {
  /** sharp's name of the format (jpeg, png, gif, webp). */
  format: string;
  /** Size of one frame. */
  width: number;
  height: number;
  frames: number;
}

/**
 * The one guard in front of every decode of an image from outside: reads the header only (no pixel is
 * decoded) and refuses with `image_too_large` an image whose decoding would exceed IMAGE_DECODE_LIMITS.
 * `frames: 'first'` is for readers that decode the first frame only. `maxBytes` is the path's byte limit,
 * named in the message. A file sharp cannot read is "upload failed (C)".
 */
export const inspectImage = async (
  input: Buffer | string,
  limits: { maxBytes: number; frames?: 'all' | 'first' },
): Promise<ImageHeader> => {
  let meta;
  try {
    // The header only; the pixel limit is ours to check below, so that it answers image_too_large.
    meta = await sharp(input, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw unreadableUpload();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.max(1, meta.pages ?? 1);
  if (!width || !height) throw unreadableUpload();
  const decoded = limits.frames === 'first' ? 1 : frames;
  if (
    (limits.frames !== 'first' && frames > IMAGE_DECODE_LIMITS.maxFrames) ||
    width * height * decoded > IMAGE_DECODE_LIMITS.maxPixels
  ) {
    throw imageTooLarge(limits.maxBytes);
  }
  return { format: meta.format ?? '', width, height, frames };
};

/** Whether a size fits a long × short side limit: a portrait photo is as acceptable as a landscape one. */
export const fitsLongShort = (width: number, height: number, maxLong: number, maxShort: number): boolean => {
  const [long, short] = width >= height ? [width, height] : [height, width];
  return long <= maxLong && short <= maxShort;
};

/** What the file store records of a checked image (its cleaned bytes, type and size). */
export const checkedImageFile = (image: CheckedImage) => ({
  body: image.data,
  ext: image.ext,
  mime: image.ext === 'png' ? 'image/png' : 'image/jpeg',
  kind: 'image' as const,
  size: image.data.length,
  width: image.width,
  height: image.height,
});

const readPart = async (part: MultipartFile): Promise<Buffer> => {
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw imageTooLarge(GENERAL_IMAGE.maxBytes);
    return data;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw imageTooLarge(GENERAL_IMAGE.maxBytes);
    throw err;
  }
};

/** Checks an image by its content (magic bytes, then decoded dimensions), never by its name or type. */
export const checkImage = async (data: Buffer): Promise<CheckedImage> => {
  if (data.length > GENERAL_IMAGE.maxBytes) throw imageTooLarge(GENERAL_IMAGE.maxBytes);
  const type = await fileTypeFromBuffer(data);
  // The decode budget first, for any format we decode: a bomb is named as such whatever this path accepts.
  const header = type && isDecodedFormat(type.ext) ? await inspectImage(data, GENERAL_IMAGE) : null;
  if (!type || !header || (type.ext !== 'jpg' && type.ext !== 'png'))
    throw badRequest('image_type_not_allowed');
  const { width, height } = header;
  if (!fitsLongShort(width, height, GENERAL_IMAGE.maxWidth, GENERAL_IMAGE.maxHeight)) {
    throw new AppError(400, 'image_dimensions_too_large', {
      maxWidth: GENERAL_IMAGE.maxWidth,
      maxHeight: GENERAL_IMAGE.maxHeight,
    });
  }
  const clean = await reencodeImage(data, type.ext === 'png' ? 'png' : 'jpeg');
  return { data: clean, ext: type.ext, width, height };
};

const multipartError = (err: unknown): never => {
  throw multipartRefusal(err, { missing: 'image_missing', tooMany: () => badRequest('too_many_files') });
};

/** Reads the one image of a multipart request (field `file` unless another is named). */
export const readImageUpload = async (req: FastifyRequest, field = 'file'): Promise<CheckedImage> => {
  let data: Buffer | undefined;
  try {
    const part = await req.file({ limits: { fileSize: GENERAL_IMAGE.maxBytes, files: 1 } });
    if (!part || part.fieldname !== field) throw badRequest('image_missing');
    data = await readPart(part);
  } catch (err) {
    multipartError(err);
  }
  return checkImage(data!);
};

/** Reads 1 to `max` images of a multipart request, any field names. */
export const readImageUploads = async (req: FastifyRequest, max: number): Promise<CheckedImage[]> => {
  const images: CheckedImage[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: GENERAL_IMAGE.maxBytes, files: max } })) {
      images.push(await checkImage(await readPart(part)));
    }
  } catch (err) {
    multipartError(err);
  }
  if (!images.length) throw badRequest('image_missing');
  return images;
};
