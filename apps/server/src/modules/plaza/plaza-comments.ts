import type { Comment, CommentThread } from '@app/contract';
import type { Actor } from '../../platform/identity/actor.js';
import type { PlazaWorkflowDeps } from './article-access.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { noticeTitle } from '../../platform/notify.js';
import { authorSummary } from '../../platform/identity/author.js';
import { authorOf } from './article-view.js';

/** Comments: threads of a visible work (blocked authors hidden), new comments and replies censored, authors told. */
export const createPlazaComments = (input: PlazaWorkflowDeps) => {
  const { clock, deps, store } = input;
  const repo = store.repos.plaza;
  const { blockedFor, visibleArticle, publishedArticle } = input.access;
  return {
    async comments(reader: Actor, body: { articleId: number; page: number; pageSize: number }) {
      await visibleArticle(reader, body.articleId);
      const blocked = await blockedFor(reader);
      const { rows, total } = await repo.topComments(body.articleId, body.page, body.pageSize, blocked);
      const replies = await repo.replies(
        rows.map((r) => r.id),
        blocked,
      );
      const mine = (userId: number) => reader.uid > 0 && userId === reader.uid;
      const byParent = new Map<number, { list: Comment[]; total: number }>();
      for (const r of replies) {
        const entry = byParent.get(r.parentId!) ?? { list: [], total: r.total };
        entry.list.push({
          id: r.id,
          articleId: r.articleId,
          parentId: r.parentId,
          content: r.content,
          author: authorOf(r),
          replyTo:
            r.replyToId === null
              ? null
              : authorSummary({
                  id: r.replyToId,
                  nickName: r.replyToNickName,
                  avatar: r.replyToAvatar,
                  phone: r.replyToPhone,
                  deletedAt: r.replyToDeletedAt,
                }),
          isMine: mine(r.userId),
          createTime: r.createdAt.toISOString(),
        });
        byParent.set(r.parentId!, entry);
      }
      const items: CommentThread[] = rows.map((r) => ({
        id: r.id,
        articleId: r.articleId,
        parentId: null,
        content: r.content,
        author: authorOf(r),
        replyTo: null,
        isMine: mine(r.userId),
        createTime: r.createdAt.toISOString(),
        replies: byParent.get(r.id)?.list ?? [],
        replyCount: byParent.get(r.id)?.total ?? 0,
      }));
      return { items, total, page: body.page, pageSize: body.pageSize };
    },

    /** Comments or replies (a reply to a reply joins its top-level thread), censored; notifies the authors. */
    async addComment(
      actor: Actor,
      body: { articleId: number; content: string; parentId?: number },
    ): Promise<Comment> {
      const { tenantId, uid } = actor;
      const article = await publishedArticle(actor, body.articleId);
      let parentId: number | null = null;
      let replyTo: { userId: number } | null = null;
      let parentAuthorId: number | null = null;
      if (body.parentId) {
        const parent = await repo.findComment(tenantId, body.parentId);
        if (!parent || parent.articleId !== body.articleId) throw notFound('comment_not_found');
        if ((await blockedFor(actor)).includes(parent.userId)) throw notFound('comment_not_found');
        parentId = parent.parentId ?? parent.id;
        if (parent.parentId) replyTo = { userId: parent.userId };
        parentAuthorId = parent.userId;
      }
      const words = await deps.findSensitiveWords(tenantId, body.content);
      if (words.length) throw badRequest('content_sensitive', { words: words.join('、') });
      const now = clock.now();
      const id = await store.transaction(({ plaza }) =>
        plaza.insertComment({
          tenantId,
          articleId: body.articleId,
          userId: uid,
          parentId,
          replyToUserId: replyTo?.userId ?? null,
          content: body.content,
          createdAt: now,
        }),
      );
      const author = (await repo.userSummary(tenantId, uid))!;
      const replyToSummary = replyTo ? ((await repo.userSummary(tenantId, replyTo.userId)) ?? null) : null;
      const link = `/pages/detail/article?id=${body.articleId}`;
      const recipients = new Set<number>();
      if (article.userId !== uid) recipients.add(article.userId);
      if (parentAuthorId && parentAuthorId !== uid) recipients.add(parentAuthorId);
      for (const userId of recipients) {
        await deps.notify({
          tenantId,
          userId,
          type: 'comment',
          ...noticeTitle(userId === article.userId ? 'plaza_comment_notice' : 'plaza_reply_notice', {
            name: author.nickName,
          }),
          content: body.content,
          link,
          data: { articleId: body.articleId, commentId: id },
          senderId: uid,
        });
      }
      return {
        id,
        articleId: body.articleId,
        parentId,
        content: body.content,
        author,
        replyTo: replyToSummary,
        isMine: true,
        createTime: now.toISOString(),
      };
    },
  };
};
