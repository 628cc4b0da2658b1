import sharp from 'sharp';
import type { PictureFlag } from '@app/contract';
import { aigcXmp } from '../../platform/aigc/aigc-embed.js';
import type { AigcSigner, ProduceSource } from '../../platform/aigc/aigc-label.js';
import { stampAiLabel } from '../../platform/aigc/visible-label.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { StoredDrawImage } from './drawing.table.js';

const THUMB_LONG_SIDE = 480;

/** The AI labels of a generated picture: its hidden label's source, and whether the corner label is still to draw. */
export interface PictureLabels {
  signer: AigcSigner;
  source: ProduceSource;
  /** False when the engine drew it already (the offline engine merges it with its own stamp) or the source had it. */
  stamp: boolean;
}

/**
 * Stores a picture (drawn, upscaled or imported) as WebP with a WebP thumbnail, privately; `published`: a public
 * copy too, for a work already in the hall. A generated picture (`labels`) carries the visible "AI生成" and the
 * hidden AIGC label in its WebP XMP chunk, the thumbnail too. A picture the moderation flagged (`flag`) is stored
 * with its flag, the thumbnail too, and never copied public here.
 */
export const storePicture = async (
  storage: Pick<FileStorage, 'save' | 'backend'>,
  owner: { tenantId: number; userId: number },
  data: Buffer,
  published = false,
  labels?: PictureLabels,
  flag: PictureFlag | null = null,
): Promise<StoredDrawImage> => {
  const picture = labels?.stamp ? await stampAiLabel(data) : data;
  const xmp = labels ? aigcXmp(labels.signer.label(labels.source)) : null;
  const encoder = () => (xmp ? sharp(picture).withXmp(xmp) : sharp(picture));
  const full = await encoder().webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
  const thumb = await encoder()
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
      moderation: flag,
    });
    if (published && !flag) await storage.backend.put(file.key, 'public', body.data, 'image/webp');
    return file;
  };
  const [fullFile, thumbFile] = await Promise.all([save(full), save(thumb)]);
  return { key: fullFile.key, thumbKey: thumbFile.key, width: full.info.width, height: full.info.height };
};
