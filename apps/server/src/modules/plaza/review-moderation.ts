import type { ContentReviewAuditAction } from '@app/contract';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { conflict } from '../../platform/errors.js';
import type { ModerationPartDeps } from './moderation-steps.js';
import { contentItems } from './moderation-views.js';

/**
 * The review queue's decisions (先审后发): approve publishes a work waiting for review, reject refuses it with a
 * reason. Each is one command: the change, its audit row and the author's notice in one transaction (the notice
 * pushed after the commit).
 */
export const createReviewModeration = ({ db, store, clock, repo, steps, propagateFiles }: ModerationPartDeps) => {
  const decide = async (actor: Actor, id: number, approve: boolean, reason: string | null) => {
    const action: ContentReviewAuditAction = approve ? 'content.review_approve' : 'content.review_reject';
    const push = await store.transaction(async ({ moderation }, tx) => {
      const row = await steps.contentRow(tx, actor.tenantId, id);
      if (row.status !== 'pending') throw conflict('article_not_in_review');
      const now = clock.now();
      await moderation.update(id, {
        status: approve ? 'published' : 'rejected',
        takedownReason: approve ? null : reason,
        ...(approve ? { publishedAt: row.publishedAt ?? now } : {}),
        updatedAt: now,
      });
      await writeAudit(tx, actor, {
        action,
        targetType: 'article',
        targetId: id,
        before: { status: 'pending', review: row.review?.reason ?? null },
        after: { status: approve ? 'published' : 'rejected' },
        reason,
      });
      const excerpt = (row.title || row.summary).slice(0, 40);
      return steps.tellInTx(
        tx,
        actor.tenantId,
        row.userId,
        approve
          ? { title: 'review_approved_title', content: 'review_approved' }
          : { title: 'review_rejected_title', content: 'review_rejected' },
        approve ? { excerpt } : { excerpt, reason: reason ?? '' },
        // The notice opens the work: its author reads it there (published, or 未通过 with the reason).
        `/pages/detail/article?id=${id}`,
      );
    });
    await push();
    const fresh = await repo.contentWithReports(actor.tenantId, id);
    if (approve && fresh) await propagateFiles?.(fresh.article, id);
    return (await contentItems(db, [{ ...fresh!.article, reportCount: fresh!.reportCount }]))[0]!;
  };

  return {
    /** How many works wait for review, and since when (the console's queue summary). */
    reviewQueue: (tenantId: number) => repo.reviewQueue(tenantId),
    approveReview: (actor: Actor, id: number, reason?: string) => decide(actor, id, true, reason ?? null),
    rejectReview: (actor: Actor, id: number, reason: string) => decide(actor, id, false, reason),
  };
};
