import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import './image-upload.messages.js';
import { AppError, badRequest } from '../errors.js';

/** Spec §9 "general image": JPEG or PNG, at most 1 MB and 1920×1080. */
export const GENERAL_IMAGE = { maxBytes: 1024 * 1024, maxWidth: 1920, maxHeight: 1080 } as const;

export interface CheckedImage {
  data: Buffer;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

const imageTooLarge = () =>
  new AppError(400, 'image_too_large', {
    maxKb: GENERAL_IMAGE.maxBytes / 1024,
    maxBytes: GENERAL_IMAGE.maxBytes,
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
    return await sharp(input, options).rotate().toFormat(format).toBuffer();
  } catch {
    throw unreadableUpload();
  }
};

/** Decodes every frame of an image kept as it is (GIF), so a broken one is refused like any other. */
export const assertImageDecodes = async (input: Buffer | string, options?: SharpOptions): Promise<void> => {
  try {
    await sharp(input, options).raw().toBuffer();
  } catch {
    throw unreadableUpload();
  }
};

/** An image's header as sharp reads it; a file it cannot read is "upload failed (C)". */
export const readImageMetadata = async (
  input: Buffer | string,
  options?: SharpOptions,
): Promise<Metadata> => {
  try {
    return await sharp(input, options).metadata();
  } catch {
    throw unreadableUpload();
  }
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
    if (part.file.truncated) throw imageTooLarge();
    return data;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw err;
  }
};

/** Checks an image by its content (magic bytes, then decoded dimensions), never by its name or type. */
export const checkImage = async (data: Buffer): Promise<CheckedImage> => {
  if (data.length > GENERAL_IMAGE.maxBytes) throw imageTooLarge();
  const type = await fileTypeFromBuffer(data);
  if (!type || (type.ext !== 'jpg' && type.ext !== 'png')) throw badRequest('image_type_not_allowed');
  const meta = await readImageMetadata(data);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height || !fitsLongShort(width, height, GENERAL_IMAGE.maxWidth, GENERAL_IMAGE.maxHeight)) {
    throw new AppError(400, 'image_dimensions_too_large', {
      maxWidth: GENERAL_IMAGE.maxWidth,
      maxHeight: GENERAL_IMAGE.maxHeight,
    });
  }
  const clean = await reencodeImage(data, type.ext === 'png' ? 'png' : 'jpeg');
  return { data: clean, ext: type.ext, width, height };
};

const multipartError = (err: unknown): never => {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    throw badRequest('image_missing');
  if (code === 'FST_FILES_LIMIT') throw badRequest('too_many_files');
  throw err;
};

/** Reads the one image of a multipart request (field `file` unless another is named). */
export const readImageUpload = async (req: FastifyRequest, field = 'file'): Promise<CheckedImage> => {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: GENERAL_IMAGE.maxBytes, files: 1 } });
  } catch (err) {
    multipartError(err);
  }
  if (!part || part.fieldname !== field) throw badRequest('image_missing');
  return checkImage(await readPart(part));
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
