import type { endpoints, ReportTargetType, ResultOf } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { authorSummariesOf, authorSummaryIn } from '../../platform/identity/author.js';
import { drawingReportTargets } from '../drawing/index.js';
import type { ArticleRow, CommentRow, ModerationRepository, ReportRow } from './moderation.repository.js';

type ConsoleReport = ResultOf<typeof endpoints.consoleReportResolve>;
type ConsoleContent = ResultOf<typeof endpoints.consoleContentPin>;
type ConsoleComment = ResultOf<typeof endpoints.consoleCommentDelete>;

// What the console shows of reports, works and comments, with their authors (read in the given transaction,
// with moderation's repository over the same one).

/** The reported thing: its author (or the user), its text and, for works, its status. */
export const targetsOf = async (
  tx: DbOrTx,
  targets: ModerationRepository,
  tenantId: number,
  rows: { targetType: ReportTargetType; targetId: number }[],
) => {
  const ids = (type: ReportTargetType) => rows.filter((r) => r.targetType === type).map((r) => r.targetId);
  const found = new Map<string, { userId: number; text: string; status: ConsoleReport['targetStatus'] }>();
  const [articleIds, commentIds, userIds, drawingIds] = [
    ids('article'),
    ids('comment'),
    ids('user'),
    ids('drawing'),
  ];
  if (articleIds.length) {
    const list = await targets.targetArticles(tenantId, articleIds);
    for (const a of list)
      found.set(`article:${a.id}`, { userId: a.userId, text: a.title || a.summary, status: a.status });
  }
  if (commentIds.length) {
    const list = await targets.targetComments(tenantId, commentIds);
    for (const c of list) found.set(`comment:${c.id}`, { userId: c.userId, text: c.content, status: null });
  }
  if (userIds.length) {
    const refs = await authorSummariesOf(tx, userIds);
    for (const [id, ref] of refs) found.set(`user:${id}`, { userId: id, text: ref.nickName, status: null });
  }
  for (const d of await drawingReportTargets(tx, tenantId, drawingIds))
    found.set(`drawing:${d.id}`, {
      userId: d.userId,
      text: d.title || d.prompt,
      status: d.publishedAt ? 'published' : null,
    });
  return found;
};

export const reportItems = async (
  tx: DbOrTx,
  moderation: ModerationRepository,
  tenantId: number,
  rows: ReportRow[],
) => {
  const targets = await targetsOf(tx, moderation, tenantId, rows);
  const refs = await authorSummariesOf(tx, [
    ...rows.map((r) => r.reporterId),
    ...[...targets.values()].map((t) => t.userId),
  ]);
  return rows.map((r): ConsoleReport => {
    const target = targets.get(`${r.targetType}:${r.targetId}`);
    return {
      id: r.id,
      targetType: r.targetType,
      targetId: r.targetId,
      targetUser: target ? authorSummaryIn(refs, target.userId) : null,
      targetText: target?.text ?? null,
      targetStatus: target?.status ?? null,
      reason: r.reason,
      detail: r.detail,
      status: r.status,
      reporter: authorSummaryIn(refs, r.reporterId),
      resolution: r.resolution,
      handleTime: r.handledAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    };
  });
};

export const contentItems = async (tx: DbOrTx, rows: (ArticleRow & { reportCount: number })[]) => {
  const refs = await authorSummariesOf(
    tx,
    rows.map((r) => r.userId),
  );
  return rows.map((r): ConsoleContent => ({
    id: r.id,
    categoryId: r.categoryId,
    title: r.title,
    summary: r.summary,
    cover: r.cover ?? r.images[0] ?? null,
    author: authorSummaryIn(refs, r.userId),
    status: r.status,
    pinned: r.pinnedAt !== null,
    takedownReason: r.takedownReason,
    review: r.review ?? null,
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    reportCount: r.reportCount,
    createTime: r.createdAt.toISOString(),
    publishTime: r.publishedAt?.toISOString() ?? null,
  }));
};

export const commentItems = async (tx: DbOrTx, rows: { comment: CommentRow; title: string }[]) => {
  const refs = await authorSummariesOf(
    tx,
    rows.map((r) => r.comment.userId),
  );
  return rows.map(({ comment, title }): ConsoleComment => ({
    id: comment.id,
    articleId: comment.articleId,
    articleTitle: title,
    user: authorSummaryIn(refs, comment.userId),
    content: comment.content,
    deleted: comment.deletedAt !== null,
    createTime: comment.createdAt.toISOString(),
  }));
};
