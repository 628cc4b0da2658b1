import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PictureModerationConfig, PictureReview, PictureScores, PictureVerdict } from '@app/contract';
import type { CensorService } from '../../../platform/censor/censor-service.js';
import { cloudPicture, type CloudModerator } from '../cloud/cloud-moderator.js';
import type { NsfwClassifier } from './nsfw-classifier.js';

const SEVERITY: Record<PictureVerdict, number> = { pass: 0, review: 1, block: 2 };
const worse = (a: PictureVerdict, b: PictureVerdict) => (SEVERITY[a] >= SEVERITY[b] ? a : b);

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
  /** Cloud services asked first, in order (none: the offline classifier alone). */
  cloud?: CloudModerator[];
}

/** How a picture was scored: by a cloud service (its own verdict) or by the offline classifier (our thresholds). */
interface Scored {
  engine: string;
  scores: PictureScores | null;
  risk: number;
  /** A cloud service's own decision; null for the offline classifier, judged by the tenant's thresholds. */
  decided: PictureVerdict | null;
}

/**
 * Looks at one picture: a cloud service's judgement (when configured) or the offline classifier's scores, and the
 * text read in it (through the censor). A picture the engines could not read is sent to review (never passed
 * unseen, never refused for our failure).
 */
export const createPictureScreen = (deps: PictureScreenDeps) => {
  /** The first cloud service that answers; the offline classifier when none is configured or all fail. */
  const score = async (image: Buffer | string): Promise<Scored> => {
    for (const moderator of deps.cloud ?? []) {
      try {
        const judged = await moderator.judge(await cloudPicture(image, randomUUID()));
        return { engine: moderator.name, scores: null, risk: judged.risk, decided: judged.verdict };
      } catch (error) {
        deps.log.warn({ err: error, provider: moderator.name }, 'cloud picture moderation failed: next engine');
      }
    }
    const scores = await deps.classifier.classify(image);
    return { engine: 'nsfwjs', scores, risk: riskOf(scores), decided: null };
  };
  const readText = (image: Buffer | string) =>
    deps.readText(image).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'picture OCR failed');
      return null;
    });

  return {
    async review(tenantId: number, image: Buffer | string, url: string): Promise<PictureReview> {
      const thresholds = await deps.thresholds(tenantId);
      try {
        const [seen, text] = await Promise.all([score(image), readText(image)]);
        const words = text ? (await deps.censor.censorText(text, tenantId)).words : [];
        const unique = [...new Set(words)];
        const verdict = seen.decided
          ? worse(seen.decided, unique.length ? 'review' : 'pass')
          : verdictOf(seen.risk, unique, thresholds);
        return { url, engine: seen.engine, scores: seen.scores, risk: seen.risk, verdict, ocrText: text, words: unique };
      } catch (error) {
        deps.log.warn({ err: error }, 'picture moderation failed: sent to review');
        return { url, engine: 'unavailable', scores: null, risk: 0, verdict: 'review', ocrText: null, words: [] };
      }
    },
  };
};
export type PictureScreen = ReturnType<typeof createPictureScreen>;
