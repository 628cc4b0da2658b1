import './moderation.messages.js';
import { DEFAULT_PICTURE_MODERATION, type PictureFlag, type PictureReview } from '@app/contract';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { dictionaryModule, getAppConfig } from '../dictionary/index.js';
import { cloudModeratorsFrom } from './cloud/cloud-moderators.js';
import { createNsfwClassifier } from './pictures/nsfw-classifier.js';
import { readPictureText } from './pictures/picture-ocr.js';
import { createPictureScreen } from './pictures/picture-screen.js';

/**
 * Moderation's engines, built once per process: the picture screen (the configured cloud services, then the offline
 * classifier; OCR; thresholds from the tenant's app config). The classifier's model is loaded on the first picture and released when idle.
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
    cloud: cloudModeratorsFrom(platform),
  });
  return {
    pictures,
    classifier,
    /**
     * Screens a picture about to be kept (an upload, a generated picture): refused (`block`: keep nothing), or
     * kept with the flag to store with it (`review`: what shows it waits for an operator) or without (`pass`).
     */
    async screen(tenantId: number, image: Buffer | string): Promise<PictureScreening> {
      const seen = await pictures.review(tenantId, image, '');
      return seen.verdict === 'block'
        ? { verdict: 'block', flag: null, review: seen }
        : { verdict: seen.verdict, flag: flagOf(seen), review: seen };
    },
    /**
     * Reviews one of our stored pictures by its address (a post's image, cover or a video's poster); null for what
     * is not a stored file of ours (our static assets) or is gone. A picture flagged when it was kept answers its
     * flag (to review, with the scores it had) without being scored again.
     */
    async reviewStored(tenantId: number, url: string): Promise<PictureReview | null> {
      const own = platform.storage.resolveOwnUrl(url, []);
      if (!own) return null;
      const flag = (await platform.storage.flagsOf([own.key])).get(own.key);
      if (flag) return { ...flag, url };
      const stored = await platform.storage.read(own.key, own.visibility);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return pictures.review(tenantId, Buffer.concat(chunks), url);
    },
  };
};

/** A picture's screening before it is kept: the verdict, and the flag a `review` picture is stored with. */
export interface PictureScreening {
  verdict: 'pass' | 'review' | 'block';
  flag: PictureFlag | null;
  review: PictureReview;
}

/** The flag kept with a picture scored to review (null for one that passed). */
export const flagOf = (seen: PictureReview): PictureFlag | null => {
  if (seen.verdict !== 'review') return null;
  const { url: _url, verdict: _verdict, ...scored } = seen;
  return { ...scored, verdict: 'review' };
};

export type ModerationModule = ReturnType<typeof createModerationModule>;

/** Moderation: the picture screen other modules call before keeping or publishing a picture. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: { dictionary: dictionaryModule },
  create: createModerationModule,
  close: async ({ classifier }) => classifier.close(),
});
