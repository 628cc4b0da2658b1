import type { LikeResult } from '@app/contract';
import { createPlazaRepository } from './plaza.repository.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { notFound } from '../../platform/errors.js';
import { noticeTitle } from '../../platform/notify.js';
import { toCard } from './article-view.js';

/** Likes: on published works only, the author told (not for their own like); my liked works. */
export const createPlazaLikes = (input: PlazaWorkflowDeps) => {
  const { db, clock, deps, repo } = input;
  const { publishedArticle } = input.access;
  return {
    async like(tenantId: number, uid: number, articleId: number): Promise<LikeResult> {
      const row = await publishedArticle(tenantId, articleId, { uid, isAdmin: false });
      const outcome = await db.transaction((tx) =>
        createPlazaRepository(tx).like(tenantId, articleId, uid, clock.now()),
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

    async cancelLike(tenantId: number, uid: number, articleId: number): Promise<LikeResult> {
      const row = await repo.findArticle(tenantId, articleId, uid);
      if (!row || row.deletedAt) throw notFound('article_not_found');
      const outcome = await db.transaction((tx) => createPlazaRepository(tx).unlike(articleId, uid));
      return { articleId, liked: false, likeCount: outcome.likeCount };
    },

    async likedPage(tenantId: number, uid: number, body: { page: number; pageSize: number }) {
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
