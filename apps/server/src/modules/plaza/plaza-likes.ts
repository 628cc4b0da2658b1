import type { LikeResult } from '@app/contract';
import type { Actor } from '../../platform/identity/actor.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { notFound } from '../../platform/errors.js';
import { noticeTitle } from '../../platform/notify.js';
import { toCard } from './article-view.js';

/** Likes: on published works only, the author told (not for their own like); my liked works. */
export const createPlazaLikes = (input: PlazaWorkflowDeps) => {
  const { db, clock, deps, store } = input;
  const repo = store.repos.plaza;
  const { publishedArticle } = input.access;
  return {
    async like(actor: Actor, articleId: number): Promise<LikeResult> {
      const { tenantId, uid } = actor;
      const row = await publishedArticle(actor, articleId);
      const outcome = await store.transaction(({ plaza }) =>
        plaza.like(tenantId, articleId, uid, clock.now()),
      );
      if (outcome.added && row.userId !== uid) {
        const liker = await repo.userSummary(tenantId, uid);
        await deps.notify({
          tenantId,
          userId: row.userId,
          type: 'like',
          ...noticeTitle('plaza_like_notice', { name: liker?.nickName ?? '' }),
          content: row.title || row.summary,
          link: `/pages/detail/article?id=${articleId}`,
          data: { articleId },
          senderId: uid,
        });
      }
      return { articleId, liked: true, likeCount: outcome.likeCount };
    },

    async cancelLike({ tenantId, uid }: Actor, articleId: number): Promise<LikeResult> {
      const row = await repo.findArticle(tenantId, articleId, uid);
      if (!row || row.deletedAt) throw notFound('article_not_found');
      const outcome = await store.transaction(({ plaza }) => plaza.unlike(articleId, uid));
      return { articleId, liked: false, likeCount: outcome.likeCount };
    },

    async likedPage({ tenantId, uid }: Actor, body: { page: number; pageSize: number }) {
      const blocked = await deps.blockedAuthorIds(db, tenantId, uid);
      const { rows, total } = await repo.likedArticles(tenantId, uid, body.page, body.pageSize, blocked);
      return {
        items: rows.map((row) => ({ ...toCard(row, uid), likeTime: row.likeTime.toISOString() })),
        total,
        page: body.page,
        pageSize: body.pageSize,
      };
    },
  };
};
