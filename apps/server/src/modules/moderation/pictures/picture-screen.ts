import type { FastifyBaseLogger } from 'fastify';
import type { PictureModerationConfig, PictureReview, PictureScores, PictureVerdict } from '@app/contract';
import type { CensorService } from '../../../platform/censor/censor-service.js';
import type { NsfwClassifier } from './nsfw-classifier.js';

/** How risky a picture is (0–1): explicit classes count whole, suggestive ones half. */
export const riskOf = (s: PictureScores): number => Math.min(1, s.porn + s.hentai + s.sexy / 2);

/** The verdict of a risk and the sensitive words read in the picture, by the tenant's thresholds. */
export const verdictOf = (risk: number, words: string[], t: PictureModerationConfig): PictureVerdict =>
  risk >= t.block ? 'block' : risk >= t.review || words.length ? 'review' : 'pass';

export interface PictureScreenDeps {
  classifier: NsfwClassifier;
  readText: (image: Buffer | string) => Promise<string | null>;
  censor: Pick<CensorService, 'censorText'>;
  thresholds: (tenantId: number) => Promise<PictureModerationConfig>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Looks at one picture: the classifier's scores and the text read in it (through the censor). A picture the engines could not read is sent to review (never passed
 * unseen, never refused for our failure).
 */
export const createPictureScreen = (deps: PictureScreenDeps) => {
  const offline = async (image: Buffer | string) => {
    const [scores, text] = await Promise.all([
      deps.classifier.classify(image),
      deps.readText(image).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'picture OCR failed');
        return null;
      }),
    ]);
    return { engine: 'nsfwjs', scores, risk: riskOf(scores), text };
  };

  return {
    async review(tenantId: number, image: Buffer | string, url: string): Promise<PictureReview> {
      const thresholds = await deps.thresholds(tenantId);
      try {
        const seen = await offline(image);
        const words = seen.text ? (await deps.censor.censorText(seen.text, tenantId)).words : [];
        const unique = [...new Set(words)];
        return {
          url,
          engine: seen.engine,
          scores: seen.scores,
          risk: seen.risk,
          verdict: verdictOf(seen.risk, unique, thresholds),
          ocrText: seen.text,
          words: unique,
        };
      } catch (error) {
        deps.log.warn({ err: error }, 'picture moderation failed: sent to review');
        return { url, engine: 'unavailable', scores: null, risk: 0, verdict: 'review', ocrText: null, words: [] };
      }
    },
  };
};
export type PictureScreen = ReturnType<typeof createPictureScreen>;
