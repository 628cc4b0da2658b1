import { type endpoints, type ParsedBodyOf, type ReportTargetType, type ResultOf } from '@app/contract';
import './plaza.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { authorSummariesOf, authorSummaryIn } from '../../platform/identity/author.js';
import { mapPage } from '../../platform/db/paged.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { FastifyBaseLogger } from 'fastify';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { deletePublicDrawingCopies, drawingReportTargets, unpublishDrawingInTx } from '../drawing/index.js';
import {
  createModerationRepository,
  type ArticleRow,
  type CommentRow,
  type ReportRow,
} from './moderation.repository.js';

type ConsoleReport = ResultOf<typeof endpoints.consoleReportResolve>;
type ConsoleContent = ResultOf<typeof endpoints.consoleContentPin>;
type ConsoleComment = ResultOf<typeof endpoints.consoleCommentDelete>;
type ReportQuery = ParsedBodyOf<typeof endpoints.consoleReportPage>;
type ContentQuery = ParsedBodyOf<typeof endpoints.consoleContentPage>;
type CommentQuery = ParsedBodyOf<typeof endpoints.consoleCommentPage>;
type ResolveBody = ParsedBodyOf<typeof endpoints.consoleReportResolve>;

/** What a report's resolution needs done outside the plaza, in the same transaction (a ban). */
type BanInTx = (tx: Tx, userId: number, days: number | null, reason: string) => Promise<void>;

/** Operators' side of the plaza: reports, take-downs, pins and comments. */
export const createModerationService = ({
  db,
  clock,
  noticeInTx,
  log,
  storage,
}: {
  db: Db;
  clock: Clock;
  /** The user's notice of a decision, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
  storage: FileStorage;
}) => {
  /** A system notice from message keys stored with the decision's transaction; answers its push (after the commit). */
  const tellInTx = (
    tx: DbOrTx,
    tenantId: number,
    userId: number,
    keys: { title: string; content: string },
    params: Record<string, string> = {},
  ) => decisionNoticeInTx(noticeInTx, log, tx, { tenantId, uid: userId, keys, params });

  const repo = createModerationRepository(db);

  /** The reported thing: its author (or the user), its text and, for works, its status. */
  const targetsOf = async (
    tx: DbOrTx,
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
    const targets = createModerationRepository(tx);
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

  const reportItems = async (tx: DbOrTx, tenantId: number, rows: ReportRow[]) => {
    const targets = await targetsOf(tx, tenantId, rows);
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

  const contentItems = async (tx: DbOrTx, rows: (ArticleRow & { reportCount: number })[]) => {
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
      likeCount: r.likeCount,
      commentCount: r.commentCount,
      reportCount: r.reportCount,
      createTime: r.createdAt.toISOString(),
      publishTime: r.publishedAt?.toISOString() ?? null,
    }));
  };

  const contentRow = async (tx: DbOrTx, tenantId: number, id: number) => {
    const row = await createModerationRepository(tx).content(tenantId, id);
    if (!row) throw notFound('article_not_found');
    return row;
  };
  const contentItem = async (tenantId: number, id: number) => {
    const row = await repo.contentWithReports(tenantId, id);
    return (await contentItems(db, [{ ...row!.article, reportCount: row!.reportCount }]))[0]!;
  };

  /** Takes a work down inside a transaction (the audit row with it); false when it was not published. */
  const takeDownInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const row = await contentRow(tx, actor.tenantId, id);
    if (row.status !== 'published') return null;
    await createModerationRepository(tx).update(id, {
      status: 'taken_down',
      takedownReason: reason,
      takenDownBy: actor.uid,
      pinnedAt: null,
      updatedAt: clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'content.take_down',
      targetType: 'article',
      targetId: id,
      before: { status: row.status },
      after: { status: 'taken_down' },
      reason,
    });
    return row;
  };

  const deleteCommentInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const comments = createModerationRepository(tx);
    const row = await comments.comment(actor.tenantId, id);
    if (!row) throw notFound('comment_not_found');
    if (row.deletedAt) return null;
    await comments.deleteComment(row, clock.now());
    await writeAudit(tx, actor, {
      action: 'comment.delete',
      targetType: 'comment',
      targetId: id,
      before: { content: row.content, deletedAt: null },
      after: { deleted: true },
      reason,
    });
    return row;
  };

  const commentItems = async (tx: DbOrTx, rows: { comment: CommentRow; title: string }[]) => {
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

  return {
    reportQueue: (tenantId: number) => repo.reportQueue(tenantId),

    articleCount: (tenantId: number, userId: number) => repo.articleCount(tenantId, userId),

    reportPage: async (tenantId: number, q: ReportQuery) =>
      mapPage(await repo.reportPage(tenantId, q), (rows) => reportItems(db, tenantId, rows)),

    /**
     * Resolves a pending report and every other pending report of the same target. `take_down` takes the
     * work down (or deletes the comment); `ban` calls `banInTx` for the target's author in the same
     * transaction. The author (take_down, warn) and the reporters are told in the same transaction (pushed after).
     */
    async resolveReport(actor: Actor, body: ResolveBody, banInTx: BanInTx) {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        let publicKeys: string[] | null = null;
        const inTx = createModerationRepository(tx);
        const report = await inTx.lockReport(actor.tenantId, body.id);
        if (!report) throw notFound('console_not_found');
        if (report.status !== 'pending') throw conflict('console_not_pending');
        const target = (await targetsOf(tx, actor.tenantId, [report])).get(
          `${report.targetType}:${report.targetId}`,
        );
        if (body.action !== 'dismiss' && !target) throw notFound('report_target_not_found');
        if (body.action === 'take_down') {
          if (report.targetType === 'article') await takeDownInTx(tx, actor, report.targetId, body.reason);
          else if (report.targetType === 'comment')
            await deleteCommentInTx(tx, actor, report.targetId, body.reason);
          else if (report.targetType === 'drawing') {
            publicKeys = await unpublishDrawingInTx(tx, actor.tenantId, report.targetId, now);
            if (!publicKeys) throw conflict('console_not_pending');
            await writeAudit(tx, actor, {
              action: 'content.take_down',
              targetType: 'drawing',
              targetId: report.targetId,
              before: { published: true },
              after: { published: false },
              reason: body.reason,
            });
          } else throw new AppError(409, 'console_action_unavailable');
        }
        if (body.action === 'ban') await banInTx(tx, target!.userId, body.banDays ?? null, body.reason);
        const status = body.action === 'dismiss' ? 'rejected' : 'resolved';
        const resolution = `${body.action}: ${body.reason}`;
        const handled = await inTx.resolvePendingOf(actor.tenantId, report, {
          status,
          resolution,
          handledBy: actor.uid,
          handledAt: now,
        });
        await writeAudit(tx, actor, {
          action: `report.${body.action}`,
          targetType: 'report',
          targetId: report.id,
          before: { status: 'pending' },
          after: {
            status,
            resolution,
            reports: handled.map((h) => h.id),
            target: `${report.targetType}:${report.targetId}`,
          },
          reason: body.reason,
        });
        // The author (take-down, warning) and every reporter are told with the decision.
        const pushes: (() => Promise<void>)[] = [];
        if (target && (body.action === 'take_down' || body.action === 'warn')) {
          pushes.push(
            await tellInTx(
              tx,
              actor.tenantId,
              target.userId,
              body.action === 'warn'
                ? { title: 'moderation_warned_title', content: 'moderation_warned' }
                : { title: 'moderation_taken_down_title', content: 'moderation_taken_down' },
              { excerpt: target.text.slice(0, 40), reason: body.reason },
            ),
          );
        }
        for (const reporterId of new Set(handled.map((h) => h.reporterId))) {
          pushes.push(
            await tellInTx(tx, actor.tenantId, reporterId, {
              title: 'moderation_report_result_title',
              content:
                body.action === 'dismiss' ? 'moderation_report_dismissed' : 'moderation_report_actioned',
            }),
          );
        }
        return { report, publicKeys, pushes };
      });
      const { report, publicKeys, pushes } = outcome;
      // Files live outside the database: the hall's copies of a drawing go once its take-down has committed.
      if (publicKeys) await deletePublicDrawingCopies(storage, publicKeys);
      for (const push of pushes) await push();
      const fresh = await repo.report(report.id);
      return (await reportItems(db, actor.tenantId, [fresh!]))[0]!;
    },

    contentPage: async (tenantId: number, q: ContentQuery) =>
      mapPage(await repo.contentPage(tenantId, q), (rows) =>
        contentItems(
          db,
          rows.map((r) => ({ ...r.article, reportCount: r.reportCount })),
        ),
      ),

    async takeDown(actor: Actor, id: number, reason: string) {
      const push = await db.transaction(async (tx) => {
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
      await db.transaction(async (tx) => {
        const row = await contentRow(tx, actor.tenantId, id);
        if (row.status !== 'taken_down') throw conflict('console_not_pending');
        await createModerationRepository(tx).update(id, {
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
      await db.transaction(async (tx) => {
        const row = await contentRow(tx, actor.tenantId, id);
        if (pinned && row.status !== 'published') throw conflict('article_taken_down');
        await createModerationRepository(tx).update(id, { pinnedAt: pinned ? clock.now() : null });
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

    commentPage: async (tenantId: number, q: CommentQuery) =>
      mapPage(await repo.commentPage(tenantId, q), (rows) => commentItems(db, rows)),

    async deleteComment(actor: Actor, id: number, reason: string) {
      const push = await db.transaction(async (tx) => {
        const row = await deleteCommentInTx(tx, actor, id, reason);
        if (!row) return null;
        return tellInTx(
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
  };
};
export type ModerationService = ReturnType<typeof createModerationService>;
