import { z } from 'zod';

/**
 * Content moderation (issue 35, points 3 and 4): how uploaded and published pictures are scored, and when a
 * post waits for an operator's review before the plaza shows it (先审后发).
 */

/**
 * Picture thresholds over the classifier's risk (0–1): at or above `block` an upload is refused and nothing is
 * kept; at or above `review` (below `block`) the picture is kept and publishing it goes to review.
 */
export const pictureModerationSchema = z
  .object({
    review: z.number().min(0).max(1),
    block: z.number().min(0).max(1),
  })
  .refine((t) => t.review <= t.block, { message: 'review must not exceed block', path: ['review'] });
export type PictureModerationConfig = z.infer<typeof pictureModerationSchema>;
export const DEFAULT_PICTURE_MODERATION: PictureModerationConfig = { review: 0.5, block: 0.85 };

/**
 * Review before publishing: `off` publishes at once; `flagged` sends flagged pictures (and their text) to
 * review; `new_accounts` does that and also holds a new account's posts (within its first `newAccountDays`
 * days, 0 = no day rule, or until it has `newAccountPosts` published posts, 0 = no post rule); `everyone`
 * holds every post.
 */
export const REVIEW_POLICY_MODES = ['off', 'flagged', 'new_accounts', 'everyone'] as const;
export const reviewPolicySchema = z.object({
  mode: z.enum(REVIEW_POLICY_MODES),
  newAccountDays: z.number().int().min(0).max(365),
  newAccountPosts: z.number().int().min(0).max(100),
});
export type ReviewPolicy = z.infer<typeof reviewPolicySchema>;
export const DEFAULT_REVIEW_POLICY: ReviewPolicy = { mode: 'new_accounts', newAccountDays: 0, newAccountPosts: 3 };

/** The classifier's five classes (nsfwjs), each a probability; they sum to 1. */
export const pictureScoresSchema = z.object({
  drawing: z.number(),
  hentai: z.number(),
  neutral: z.number(),
  porn: z.number(),
  sexy: z.number(),
});
export type PictureScores = z.infer<typeof pictureScoresSchema>;

export const PICTURE_VERDICTS = ['pass', 'review', 'block'] as const;
export type PictureVerdict = (typeof PICTURE_VERDICTS)[number];

/** One picture as the moderation saw it: scores, risk, the text read in it and the sensitive words found. */
export const pictureReviewSchema = z.object({
  url: z.string(),
  /** Which engine scored it (`nsfwjs`, `aliyun`, `tencent`). */
  engine: z.string(),
  scores: pictureScoresSchema.nullable(),
  risk: z.number(),
  verdict: z.enum(PICTURE_VERDICTS),
  /** Text read in the picture (OCR); null when no OCR ran. */
  ocrText: z.string().nullable(),
  words: z.array(z.string()),
});
export type PictureReview = z.infer<typeof pictureReviewSchema>;

/**
 * What is kept with a stored picture the moderation flagged (between "review" and "block"): how it was scored, so
 * a work using it goes to review with the same scores the operator sees.
 */
export type PictureFlag = Omit<PictureReview, 'url' | 'verdict'> & { verdict: 'review' };

/** Why a post waits for review. */
export const REVIEW_REASONS = ['flagged', 'new_account', 'everyone'] as const;
export const reviewRecordSchema = z.object({
  reason: z.enum(REVIEW_REASONS),
  pictures: z.array(pictureReviewSchema),
});
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** The audit actions of the review queue's two decisions. */
export const CONTENT_REVIEW_AUDIT_ACTIONS = ['content.review_approve', 'content.review_reject'] as const;
export type ContentReviewAuditAction = (typeof CONTENT_REVIEW_AUDIT_ACTIONS)[number];
