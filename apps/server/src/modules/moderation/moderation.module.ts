import './moderation.messages.js';
import { DEFAULT_PICTURE_MODERATION, type PictureReview } from '@app/contract';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { dictionaryModule, getAppConfig } from '../dictionary/index.js';
import { createNsfwClassifier } from './pictures/nsfw-classifier.js';
import { readPictureText } from './pictures/picture-ocr.js';
import { createPictureScreen } from './pictures/picture-screen.js';

/**
 * Moderation's engines, built once per process: the picture screen (offline classifier and OCR; thresholds
 * from the tenant's app config). The classifier's model is loaded on the first picture and released when idle.
 */
export const createModerationModule = (platform: Platform) => {
  const classifier = createNsfwClassifier();
  const pictures = createPictureScreen({
    classifier,
    readText: (image) => readPictureText(image),
    censor: platform.censor,
    thresholds: async (tenantId) =>
      (await getAppConfig(platform.db, tenantId).catch(() => null))?.pictureModeration ??
      DEFAULT_PICTURE_MODERATION,
    log: platform.log,
  });
  return {
    pictures,
    classifier,
    /**
     * Reviews one of our stored pictures by its address (a post's image, cover or a video's poster); null for what
     * is not a stored file of ours (our static assets) or is gone.
     */
    async reviewStored(tenantId: number, url: string): Promise<PictureReview | null> {
      const own = platform.storage.resolveOwnUrl(url, []);
      if (!own) return null;
      const stored = await platform.storage.read(own.key, own.visibility);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return pictures.review(tenantId, Buffer.concat(chunks), url);
    },
  };
};
export type ModerationModule = ReturnType<typeof createModerationModule>;

/** Moderation: the picture screen other modules call before keeping or publishing a picture. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: { dictionary: dictionaryModule },
  create: createModerationModule,
  close: async ({ classifier }) => classifier.close(),
});
