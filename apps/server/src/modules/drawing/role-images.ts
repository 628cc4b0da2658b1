import { DRAW_MAX_ROLE_IMAGES, UPLOAD_RULES, type DrawRoleImage, type DrawUploadPurpose } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import {
  fitsLongShort,
  inspectImage,
  isDecodedFormat,
  reencodeImage,
} from '../../platform/storage/image-upload.js';
import { multipartRefusal } from '../../platform/storage/multipart.js';
import type { DrawingRepository } from './drawing.repository.js';

/** Spec §9 digital images: jpg, png or gif, at most 2 MB and 1920×1080. */
const RULE = UPLOAD_RULES.digital.image!;

const invalid = () => badRequest('draw_role_image_invalid');

/** Checks one reference image by its content; answers it re-encoded (no EXIF) with its size. */
const checkRoleImage = async (data: Buffer) => {
  if (data.length > RULE.maxBytes) throw invalid();
  const type = await fileTypeFromBuffer(data);
  // The decode budget first (image_too_large), counting every frame although only the first is kept.
  const header = type && isDecodedFormat(type.ext) ? await inspectImage(data, RULE) : null;
  if (!type || !header || !RULE.formats.includes(type.ext)) throw invalid();
  const { width, height } = header;
  if (!fitsLongShort(width, height, RULE.maxWidth!, RULE.maxHeight!)) throw invalid();
  // PNG keeps transparency; the first frame of a GIF is the reference.
  return { data: await reencodeImage(data, 'png', { pages: 1 }), width, height };
};

/** Reference images of a character: uploaded private, listed by signed links, used by engines that take them. */
export const createRoleImages = (deps: { repo: DrawingRepository; storage: FileStorage; clock: Clock }) => {
  const toDto = (row: { id: number; storageKey: string; width: number; height: number }): DrawRoleImage => ({
    id: row.id,
    url: deps.storage.signedUrl(row.storageKey),
    width: row.width,
    height: row.height,
  });
  return {
    async upload({ tenantId, uid: userId }: Actor, req: FastifyRequest, purpose: DrawUploadPurpose = 'role'): Promise<DrawRoleImage[]> {
      const images: { data: Buffer; width: number; height: number }[] = [];
      try {
        for await (const part of req.files({
          limits: { fileSize: RULE.maxBytes + 1, files: DRAW_MAX_ROLE_IMAGES },
        })) {
          const data = await part.toBuffer();
          if (part.file.truncated) throw invalid();
          images.push(await checkRoleImage(data));
        }
      } catch (error) {
        throw multipartRefusal(error, {
          missing: 'draw_role_image_missing',
          tooMany: () => badRequest('draw_role_image_missing'),
          tooLarge: invalid,
        });
      }
      if (!images.length) throw badRequest('draw_role_image_missing');
      const now = deps.clock.now();
      const saved = [];
      for (const image of images) {
        const file = await deps.storage.save({
          tenantId,
          userId,
          category: 'draw-role',
          visibility: 'private',
          body: image.data,
          ext: 'png',
          mime: 'image/png',
          kind: 'image',
          size: image.data.length,
          width: image.width,
          height: image.height,
        });
        saved.push({
          tenantId,
          userId,
          purpose,
          storageKey: file.key,
          width: image.width,
          height: image.height,
          createdAt: now,
        });
      }
      return (await deps.repo.insertRoleImages(saved)).map(toDto);
    },
    async list({ tenantId, uid }: Actor): Promise<DrawRoleImage[]> {
      return (await deps.repo.roleImages(tenantId, uid)).map(toDto);
    },
  };
};
