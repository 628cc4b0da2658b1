import type { ArticleMedia, PictureReview, ReviewPolicy, ReviewRecord } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { PlazaRepositories } from './plaza.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What review before publishing needs from other modules (the app config and moderation's picture screen). */
export interface PublishingReviewDeps {
  reviewPolicy(tenantId: number): Promise<ReviewPolicy>;
  /** Scores one of our stored pictures; null for what is no stored file of ours (our static assets). */
  reviewPicture(tenantId: number, url: string): Promise<PictureReview | null>;
}

/** The pictures a work shows: its cover, its images, and an image medium or a video's poster. */
export const picturesOf = (work: { cover?: string | null; images: string[]; media: ArticleMedia | null }) => {
  const medium = work.media?.type === 'image' ? work.media.url : work.media?.poster;
  return [...new Set([work.cover, ...work.images, medium].filter((url): url is string => Boolean(url)))];
};

export type ReviewOutcome = { status: 'published'; review: null } | { status: 'pending'; review: ReviewRecord };

/**
 * Review before publishing (先审后发): whether a work going public is published at once or waits for an operator,
 * by the tenant's policy. Its pictures are scored first (a picture at the block threshold refuses the work); a
 * flagged picture (or sensitive text read in one) sends it to review unless the policy is off.
 */
export const createPublishingReview = (input: {
  deps: PublishingReviewDeps;
  store: PlazaRepositories;
  clock: Clock;
}) => {
  const { deps, clock } = input;
  const repo = input.store.repos.plaza;

  const isNewAccount = async ({ tenantId, uid }: Actor, policy: ReviewPolicy) => {
    const standing = await repo.publisherStanding(tenantId, uid, policy.newAccountPosts);
    if (standing.vouched) return false;
    const age = standing.signedUpAt ? clock.now().getTime() - standing.signedUpAt.getTime() : 0;
    if (policy.newAccountDays > 0 && age < policy.newAccountDays * DAY_MS) return true;
    return policy.newAccountPosts > 0 && standing.published < policy.newAccountPosts;
  };

  return {
    async decide(
      actor: Actor,
      work: { cover?: string | null; images: string[]; media: ArticleMedia | null },
    ): Promise<ReviewOutcome> {
      const policy = await deps.reviewPolicy(actor.tenantId);
      const pictures: PictureReview[] = [];
      // One at a time: the classifier answers one picture at a time anyway.
      for (const url of picturesOf(work)) {
        const seen = await deps.reviewPicture(actor.tenantId, url);
        if (seen) pictures.push(seen);
      }
      if (pictures.some((p) => p.verdict === 'block')) throw new AppError(400, 'picture_refused');
      if (policy.mode === 'off') return { status: 'published', review: null };
      const flagged = pictures.some((p) => p.verdict === 'review');
      const reason = flagged
        ? 'flagged'
        : policy.mode === 'everyone'
          ? 'everyone'
          : policy.mode === 'new_accounts' && (await isNewAccount(actor, policy))
            ? 'new_account'
            : null;
      return reason ? { status: 'pending', review: { reason, pictures } } : { status: 'published', review: null };
    },
  };
};
export type PublishingReview = ReturnType<typeof createPublishingReview>;
