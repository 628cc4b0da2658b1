import type { endpoints, ParsedBodyOf } from '@app/contract';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { mapPage } from '../../platform/db/paged.js';
import { conflict } from '../../platform/errors.js';
import type { ModerationPartDeps } from './moderation-steps.js';
import { commentItems, contentItems } from './moderation-views.js';

type ContentQuery = ParsedBodyOf<typeof endpoints.consoleContentPage>;
type CommentQuery = ParsedBodyOf<typeof endpoints.consoleCommentPage>;

/** Operators' decisions on works: the list, take-down, restore and pin. */
export const createContentModeration = ({ db, store, clock, repo, steps }: ModerationPartDeps) => {
  const { tellInTx, contentRow, takeDownInTx } = steps;
  const contentItem = async (tenantId: number, id: number) => {
    const row = await repo.contentWithReports(tenantId, id);
    return (await contentItems(db, [{ ...row!.article, reportCount: row!.reportCount }]))[0]!;
  };

  return {
    /** How many works a user wrote (the console's profile of that user). */
    articleCount: (tenantId: number, authorId: number) => repo.articleCount(tenantId, authorId),

    contentPage: async ({ tenantId }: Actor, q: ContentQuery) =>
      mapPage(await repo.contentPage(tenantId, q), (rows) =>
        contentItems(
          db,
          rows.map((r) => ({ ...r.article, reportCount: r.reportCount })),
        ),
      ),

    async takeDown(actor: Actor, id: number, reason: string) {
      const push = await store.transaction(async (_repos, tx) => {
        const row = await takeDownInTx(tx, actor, id, reason);
        if (!row) return null;
        return tellInTx(
          tx,
          actor.tenantId,
          row.userId,
          { title: 'moderation_taken_down_title', content: 'moderation_taken_down' },
          { excerpt: (row.title || row.summary).slice(0, 40), reason },
        );
      });
      if (!push) throw conflict('console_not_pending');
      await push();
      return contentItem(actor.tenantId, id);
    },

    async restore(actor: Actor, id: number, reason?: string) {
      await store.transaction(async ({ moderation }, tx) => {
        const row = await contentRow(tx, actor.tenantId, id);
        if (row.status !== 'taken_down') throw conflict('console_not_pending');
        await moderation.update(id, {
          status: 'published',
          takedownReason: null,
          takenDownBy: null,
          updatedAt: clock.now(),
        });
        await writeAudit(tx, actor, {
          action: 'content.restore',
          targetType: 'article',
          targetId: id,
          before: { status: 'taken_down', takedownReason: row.takedownReason },
          after: { status: 'published' },
          reason: reason ?? null,
        });
      });
      return contentItem(actor.tenantId, id);
    },

    async pin(actor: Actor, id: number, pinned: boolean) {
      await store.transaction(async ({ moderation }, tx) => {
        const row = await contentRow(tx, actor.tenantId, id);
        if (pinned && row.status !== 'published') throw conflict('article_taken_down');
        await moderation.update(id, { pinnedAt: pinned ? clock.now() : null });
        await writeAudit(tx, actor, {
          action: pinned ? 'content.pin' : 'content.unpin',
          targetType: 'article',
          targetId: id,
          before: { pinned: row.pinnedAt !== null },
          after: { pinned },
        });
      });
      return contentItem(actor.tenantId, id);
    },
  };
};

/** Operators' decisions on comments: the list and deletion (the author told). */
export const createCommentModeration = ({ db, store, repo, steps }: ModerationPartDeps) => ({
  commentPage: async ({ tenantId }: Actor, q: CommentQuery) =>
    mapPage(await repo.commentPage(tenantId, q), (rows) => commentItems(db, rows)),

  async deleteComment(actor: Actor, id: number, reason: string) {
    const push = await store.transaction(async (_repos, tx) => {
      const row = await steps.deleteCommentInTx(tx, actor, id, reason);
      if (!row) return null;
      return steps.tellInTx(
        tx,
        actor.tenantId,
        row.userId,
        { title: 'moderation_comment_deleted_title', content: 'moderation_comment_deleted' },
        { excerpt: row.content.slice(0, 40), reason },
      );
    });
    if (!push) throw conflict('console_not_pending');
    await push();
    const fresh = await repo.commentWithTitle(id);
    return (await commentItems(db, [fresh!]))[0]!;
  },
});
