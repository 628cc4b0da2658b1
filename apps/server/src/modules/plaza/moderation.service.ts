import './plaza.messages.js';
import { createCommentModeration, createContentModeration } from './content-moderation.js';
import { createModerationSteps, type ModerationDeps } from './moderation-steps.js';
import { createReportModeration } from './report-moderation.js';
import { createReviewModeration } from './review-moderation.js';

/** Operators' side of the plaza: reports, take-downs, pins, comments and the review queue (先审后发). */
export const createModerationService = (deps: ModerationDeps) => {
  const parts = { ...deps, repo: deps.store.repos.moderation, steps: createModerationSteps(deps) };
  return {
    ...createReportModeration(parts),
    ...createContentModeration(parts),
    ...createCommentModeration(parts),
    ...createReviewModeration(parts),
  };
};
export type ModerationService = ReturnType<typeof createModerationService>;
