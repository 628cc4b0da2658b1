import type { ArticleStatus, endpoints, ParsedBodyOf, SavedArticle } from '@app/contract';
import { isOperator, type Actor } from '../../platform/identity/actor.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { markdownSummary } from './article-view.js';
import { createPublishingRules } from './publishing-rules.js';
import { declarationOf } from './creation-declaration.js';
import type { PublishingReview, ReviewOutcome } from './publishing-review.js';

/** Writing a work, editing it and deleting it (or, for an operator, taking someone else's work down). */
export const createPlazaPublishing = (
  input: Omit<PlazaWorkflowDeps, 'access'> & {
    takeDown: (actor: Actor, id: number, reason: string) => Promise<unknown>;
    review: PublishingReview;
  },
) => {
  const { db, clock, deps, store, takeDown, review } = input;
  const repo = store.repos.plaza;
  const rules = createPublishingRules(deps);

  /**
   * Whether an edit that keeps (or puts) a work public is published or waits for review: decided like a new
   * work, and a work in review or refused in it goes back to review whatever the policy says.
   */
  const reviewOfEdit = async (
    actor: Actor,
    row: NonNullable<Awaited<ReturnType<typeof repo.articleForChange>>>,
    body: ParsedBodyOf<typeof endpoints.articleUpdate>,
  ): Promise<ReviewOutcome | null> => {
    const goesOut = body.isDraft === false || (body.isDraft === undefined && row.status !== 'draft');
    if (!goesOut || row.status === 'taken_down') return null;
    const outcome = await review.decide(actor, {
      cover: body.cover === undefined ? row.cover : body.cover,
      images: body.images ?? row.images,
      media: body.media === undefined ? row.media : body.media,
    });
    if (outcome.status === 'pending' || (row.status !== 'pending' && row.status !== 'rejected')) return outcome;
    return { status: 'pending', review: { reason: row.review?.reason ?? 'everyone', pictures: row.review?.pictures ?? [] } };
  };

  return {
    async add(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleAdd>): Promise<SavedArticle> {
      const { tenantId, uid } = actor;
      const categoryId = body.categoryId ?? (await deps.defaultCategoryId(db, tenantId));
      rules.assertCategory(categoryId);
      const media = body.media ?? null;
      rules.assertOwnMedia(body);
      if (!body.isDraft) {
        rules.assertHasBody({ ...body, media });
        await rules.assertRealName(actor);
        await rules.assertClean(tenantId, body.title, body.content);
      }
      const labels = await deps.aiTextLabels(db, tenantId);
      const declared = declarationOf(deps, labels, { ...body, media }, body.declaration);
      const outcome = body.isDraft ? null : await review.decide(actor, { cover: body.cover, images: body.images, media });
      const now = clock.now();
      const status: ArticleStatus = outcome?.status ?? 'draft';
      const id = await repo.insertArticle({
        ...declared,
        tenantId,
        userId: uid,
        categoryId,
        title: body.title,
        content: body.content,
        summary: markdownSummary(body.content),
        cover: body.cover ?? null,
        images: body.images,
        media,
        status,
        review: outcome?.review ?? null,
        publishedAt: status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (status === 'published') await deps.propagateFiles?.({ cover: body.cover, images: body.images, media }, id);
      return { id, status };
    },

    async update(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleUpdate>): Promise<SavedArticle> {
      const { tenantId, uid } = actor;
      // The real-name rule reads outside the transaction: the embedded database has one connection, and a read
      // on it waiting for the open transaction would never run. Only a draft going out is publishing it.
      const before = await repo.articleForChange(tenantId, body.id);
      const mine = before && !before.deletedAt && before.userId === uid ? before : null;
      if (body.isDraft === false && mine?.status === 'draft') await rules.assertRealName(actor);
      // Review before publishing reads and scores outside the transaction too (pictures take a while).
      const outcome = mine ? await reviewOfEdit(actor, mine, body) : null;
      const labels = await deps.aiTextLabels(db, tenantId);
      const saved = await store.transaction(async ({ plaza: txRepo }) => {
        const row = await txRepo.articleForChange(tenantId, body.id);
        if (!row || row.deletedAt) throw notFound('article_not_found');
        if (row.userId !== uid) {
          // Someone else's draft does not exist for the caller; a published work exists but is not theirs.
          if (row.status === 'draft') throw notFound('article_not_found');
          throw forbidden('not_article_author');
        }
        if (row.status === 'taken_down') throw new AppError(409, 'article_taken_down');
        if (body.categoryId !== undefined) rules.assertCategory(body.categoryId);
        rules.assertOwnMedia(body);
        const current = (await txRepo.findArticle(tenantId, body.id, uid))!;
        const next = {
          title: body.title ?? current.title,
          content: body.content ?? current.content,
          images: body.images ?? current.images,
          media: body.media === undefined ? current.media : body.media,
        };
        const goesOut = body.isDraft === false || (body.isDraft === undefined && row.status !== 'draft');
        const status: ArticleStatus = goesOut ? (outcome?.status ?? 'pending') : 'draft';
        const cover = body.cover === undefined ? current.cover : body.cover;
        const declared = declarationOf(deps, labels, { ...next, cover }, body.declaration, current.declaration);
        if (goesOut) {
          rules.assertHasBody(next);
          await rules.assertClean(tenantId, next.title, next.content);
        }
        const now = clock.now();
        await txRepo.updateArticle(tenantId, body.id, {
          ...declared,
          title: next.title,
          content: next.content,
          summary: markdownSummary(next.content),
          images: next.images,
          media: next.media,
          ...(body.cover !== undefined ? { cover: body.cover } : {}),
          ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
          status,
          ...(goesOut ? { review: outcome?.review ?? null, takedownReason: null } : {}),
          publishedAt: status === 'published' ? (row.publishedAt ?? now) : row.publishedAt,
          updatedAt: now,
        });
        return { id: body.id, status, work: { cover, images: next.images, media: next.media } };
      });
      if (saved.status === 'published') await deps.propagateFiles?.(saved.work, saved.id);
      return { id: saved.id, status: saved.status };
    },

    /**
     * The author deletes; an operator takes someone else's work down, with a reason, through moderation's
     * take-down (the console's command: audit row, unpin and the author's notice).
     */
    async remove(actor: Actor, id: number, reason: string | undefined) {
      const { tenantId } = actor;
      const deleted = await store.transaction(async ({ plaza: txRepo }) => {
        const row = await txRepo.articleForChange(tenantId, id);
        if (!row || row.deletedAt) throw notFound('article_not_found');
        if (row.userId !== actor.uid) {
          if (isOperator(actor)) return false;
          if (row.status === 'draft') throw notFound('article_not_found');
          throw forbidden('not_article_author');
        }
        const now = clock.now();
        await txRepo.updateArticle(tenantId, id, { deletedAt: now, updatedAt: now });
        return true;
      });
      if (deleted) return { id, outcome: 'deleted' as const };
      if (!reason) throw badRequest('takedown_reason_required');
      await takeDown(actor, id, reason);
      return { id, outcome: 'taken_down' as const };
    },
  };
};
