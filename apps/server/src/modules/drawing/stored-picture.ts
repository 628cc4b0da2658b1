import sharp from 'sharp';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { StoredDrawImage } from './drawing.table.js';

const THUMB_LONG_SIDE = 480;

/**
 * Stores a picture (drawn, upscaled or imported) as WebP with a WebP thumbnail, privately; `published`: a public
 * copy too, for a work already in the hall.
 */
export const storePicture = async (
  storage: Pick<FileStorage, 'save' | 'backend'>,
  owner: { tenantId: number; userId: number },
  data: Buffer,
  published = false,
): Promise<StoredDrawImage> => {
  const full = await sharp(data).webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
  const thumb = await sharp(data)
    .resize(THUMB_LONG_SIDE, THUMB_LONG_SIDE, { fit: 'inside' })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const save = async (body: typeof full) => {
    const file = await storage.save({
      tenantId: owner.tenantId,
      userId: owner.userId,
      category: 'drawing',
      visibility: 'private',
      body: body.data,
      ext: 'webp',
      mime: 'image/webp',
      kind: 'image',
      size: body.data.length,
      width: body.info.width,
      height: body.info.height,
    });
    if (published) await storage.backend.put(file.key, 'public', body.data, 'image/webp');
    return file;
  };
  const [fullFile, thumbFile] = await Promise.all([save(full), save(thumb)]);
  return { key: fullFile.key, thumbKey: thumbFile.key, width: full.info.width, height: full.info.height };
};
