import { and, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_AVATAR,
  type endpoints,
  type ParsedBodyOf,
  type ReportTargetType,
  type ResultOf,
} from '@app/contract';
import './plaza.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { users } from '../../platform/identity/identity.table.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { mapPage, paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy, waitingQueue } from '../../platform/db/sql.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { noticeTexts, type Notify } from '../../platform/notify.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { deletePublicDrawingCopies, drawingReportTargets, unpublishDrawingInTx } from '../drawing/index.js';
import { articleComments, articles, reports } from './plaza.table.js';

type ConsoleReport = ResultOf<typeof endpoints.consoleReportResolve>;
type ConsoleContent = ResultOf<typeof endpoints.consoleContentPin>;
type ConsoleComment = ResultOf<typeof endpoints.consoleCommentDelete>;
type ReportQuery = ParsedBodyOf<typeof endpoints.consoleReportPage>;
type ContentQuery = ParsedBodyOf<typeof endpoints.consoleContentPage>;
type CommentQuery = ParsedBodyOf<typeof endpoints.consoleCommentPage>;
type ResolveBody = ParsedBodyOf<typeof endpoints.consoleReportResolve>;
type UserRef = { id: number; nickName: string; avatar: string };

/** What a report's resolution needs done outside the plaza, in the same transaction (a ban). */
type BanInTx = (tx: Tx, userId: number, days: number | null, reason: string) => Promise<void>;

/** Operators' side of the plaza (issue 20 points 3 and 4): reports, take-downs, pins and comments. */
export const createModerationService = ({
  db,
  clock,
  notify,
  storage,
}: {
  db: Db;
  clock: Clock;
  notify: Notify;
  storage: FileStorage;
}) => {
  /** A system notice from message keys, in the reader's language (see noticeTexts). */
  const tell = async (
    tenantId: number,
    userId: number,
    keys: { title: string; content: string },
    params: Record<string, string> = {},
  ) => {
    await notify(tenantId, userId, { type: 'system', ...noticeTexts(keys, params) });
  };

  const userRefs = async (tx: DbOrTx, ids: number[]): Promise<Map<number, UserRef>> => {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await tx.select(authorSummaryColumns).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, authorSummary(r)]));
  };
  const refOf = (refs: Map<number, UserRef>, id: number): UserRef =>
    refs.get(id) ?? { id, nickName: '', avatar: DEFAULT_AVATAR };

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
    if (articleIds.length) {
      const list = await tx
        .select({
          id: articles.id,
          userId: articles.userId,
          title: articles.title,
          summary: articles.summary,
          status: articles.status,
        })
        .from(articles)
        .where(
          and(eq(articles.tenantId, tenantId), inArray(articles.id, articleIds), isNull(articles.deletedAt)),
        );
      for (const a of list)
        found.set(`article:${a.id}`, { userId: a.userId, text: a.title || a.summary, status: a.status });
    }
    if (commentIds.length) {
      const list = await tx
        .select({ id: articleComments.id, userId: articleComments.userId, content: articleComments.content })
        .from(articleComments)
        .where(
          and(
            eq(articleComments.tenantId, tenantId),
            inArray(articleComments.id, commentIds),
            isNull(articleComments.deletedAt),
          ),
        );
      for (const c of list) found.set(`comment:${c.id}`, { userId: c.userId, text: c.content, status: null });
    }
    if (userIds.length) {
      const refs = await userRefs(tx, userIds);
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

  const reportItems = async (tx: DbOrTx, tenantId: number, rows: (typeof reports.$inferSelect)[]) => {
    const targets = await targetsOf(tx, tenantId, rows);
    const refs = await userRefs(tx, [
      ...rows.map((r) => r.reporterId),
      ...[...targets.values()].map((t) => t.userId),
    ]);
    return rows.map((r): ConsoleReport => {
      const target = targets.get(`${r.targetType}:${r.targetId}`);
      return {
        id: r.id,
        targetType: r.targetType,
        targetId: r.targetId,
        targetUser: target ? refOf(refs, target.userId) : null,
        targetText: target?.text ?? null,
        targetStatus: target?.status ?? null,
        reason: r.reason,
        detail: r.detail,
        status: r.status,
        reporter: refOf(refs, r.reporterId),
        resolution: r.resolution,
        handleTime: r.handledAt?.toISOString() ?? null,
        createTime: r.createdAt.toISOString(),
      };
    });
  };

  const contentItems = async (
    tx: DbOrTx,
    rows: (typeof articles.$inferSelect & { reportCount: number })[],
  ) => {
    const refs = await userRefs(
      tx,
      rows.map((r) => r.userId),
    );
    return rows.map((r): ConsoleContent => ({
      id: r.id,
      categoryId: r.categoryId,
      title: r.title,
      summary: r.summary,
      cover: r.cover ?? r.images[0] ?? null,
      author: refOf(refs, r.userId),
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

  const reportCount = sql<number>`(SELECT count(*)::int FROM ${reports} WHERE ${reports.targetType} = 'article' AND ${reports.targetId} = ${articles.id})`;

  const contentRow = async (tx: DbOrTx, tenantId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(articles)
      .where(
        and(
          eq(articles.tenantId, tenantId),
          eq(articles.id, id),
          isNull(articles.deletedAt),
          ne(articles.status, 'draft'),
        ),
      );
    if (!row) throw notFound('article_not_found');
    return row;
  };
  const contentItem = async (tenantId: number, id: number) => {
    const [row] = await db
      .select({ article: articles, reportCount })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)));
    return (await contentItems(db, [{ ...row!.article, reportCount: row!.reportCount }]))[0]!;
  };

  /** Takes a work down inside a transaction (the audit row with it); false when it was not published. */
  const takeDownInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const row = await contentRow(tx, actor.tenantId, id);
    if (row.status !== 'published') return null;
    await tx
      .update(articles)
      .set({
        status: 'taken_down',
        takedownReason: reason,
        takenDownBy: actor.uid,
        pinnedAt: null,
        updatedAt: clock.now(),
      })
      .where(eq(articles.id, id));
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
    const [row] = await tx
      .select()
      .from(articleComments)
      .where(and(eq(articleComments.tenantId, actor.tenantId), eq(articleComments.id, id)));
    if (!row) throw notFound('comment_not_found');
    if (row.deletedAt) return null;
    await tx.update(articleComments).set({ deletedAt: clock.now() }).where(eq(articleComments.id, id));
    await tx
      .update(articles)
      .set({ commentCount: sql`GREATEST(${articles.commentCount} - 1, 0)` })
      .where(eq(articles.id, row.articleId));
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

  const commentItems = async (
    tx: DbOrTx,
    rows: { comment: typeof articleComments.$inferSelect; title: string }[],
  ) => {
    const refs = await userRefs(
      tx,
      rows.map((r) => r.comment.userId),
    );
    return rows.map(({ comment, title }): ConsoleComment => ({
      id: comment.id,
      articleId: comment.articleId,
      articleTitle: title,
      user: refOf(refs, comment.userId),
      content: comment.content,
      deleted: comment.deletedAt !== null,
      createTime: comment.createdAt.toISOString(),
    }));
  };

  return {
    reportQueue: (tenantId: number) =>
      waitingQueue(
        db,
        reports,
        and(eq(reports.tenantId, tenantId), eq(reports.status, 'pending')),
        reports.createdAt,
      ),

    async articleCount(tenantId: number, userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(articles)
        .where(and(eq(articles.tenantId, tenantId), eq(articles.userId, userId), isNull(articles.deletedAt)));
      return row?.n ?? 0;
    },

    async reportPage(tenantId: number, q: ReportQuery) {
      const conditions: SQL[] = [eq(reports.tenantId, tenantId)];
      if (q.filters.status) conditions.push(eq(reports.status, q.filters.status));
      if (q.filters.targetType) conditions.push(eq(reports.targetType, q.filters.targetType));
      const where = and(...conditions);
      const page = await paged(
        q,
        db
          .select()
          .from(reports)
          .where(where)
          .orderBy(...sortedBy({ createTime: reports.createdAt }, q, 'createTime', reports.id)),
        db.select({ total: count() }).from(reports).where(where),
      );
      return mapPage(page, (rows) => reportItems(db, tenantId, rows));
    },

    /**
     * Resolves a pending report and every other pending report of the same target. `take_down` takes the
     * work down (or deletes the comment); `ban` calls `banInTx` for the target's author in the same
     * transaction. The author (take_down, warn) and the reporter are told afterwards.
     */
    async resolveReport(actor: Actor, body: ResolveBody, banInTx: BanInTx) {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        let publicKeys: string[] | null = null;
        const [report] = await tx
          .select()
          .from(reports)
          .where(and(eq(reports.tenantId, actor.tenantId), eq(reports.id, body.id)))
          .for('update');
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
        const handled = await tx
          .update(reports)
          .set({ status, resolution, handledBy: actor.uid, handledAt: now })
          .where(
            and(
              eq(reports.tenantId, actor.tenantId),
              eq(reports.targetType, report.targetType),
              eq(reports.targetId, report.targetId),
              eq(reports.status, 'pending'),
            ),
          )
          .returning();
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
        return { report, target, handled, publicKeys };
      });
      const { report, target, handled, publicKeys } = outcome;
      // Files live outside the database: the hall's copies of a drawing go once its take-down has committed.
      if (publicKeys) await deletePublicDrawingCopies(storage, publicKeys);
      if (target && (body.action === 'take_down' || body.action === 'warn')) {
        await tell(
          actor.tenantId,
          target.userId,
          body.action === 'warn'
            ? { title: 'moderation_warned_title', content: 'moderation_warned' }
            : { title: 'moderation_taken_down_title', content: 'moderation_taken_down' },
          { excerpt: target.text.slice(0, 40), reason: body.reason },
        );
      }
      for (const reporterId of new Set(handled.map((h) => h.reporterId))) {
        await tell(actor.tenantId, reporterId, {
          title: 'moderation_report_result_title',
          content: body.action === 'dismiss' ? 'moderation_report_dismissed' : 'moderation_report_actioned',
        });
      }
      const [fresh] = await db.select().from(reports).where(eq(reports.id, report.id));
      return (await reportItems(db, actor.tenantId, [fresh!]))[0]!;
    },

    async contentPage(tenantId: number, q: ContentQuery) {
      const conditions: SQL[] = [
        eq(articles.tenantId, tenantId),
        isNull(articles.deletedAt),
        ne(articles.status, 'draft'),
      ];
      const f = q.filters;
      if (f.categoryId) conditions.push(eq(articles.categoryId, f.categoryId));
      if (f.status) conditions.push(eq(articles.status, f.status));
      if (f.authorId) conditions.push(eq(articles.userId, f.authorId));
      if (f.pinned !== undefined)
        conditions.push(f.pinned ? isNotNull(articles.pinnedAt) : isNull(articles.pinnedAt));
      if (f.keyword) {
        const like = `%${escapeLike(f.keyword)}%`;
        conditions.push(or(ilike(articles.title, like), ilike(articles.content, like))!);
      }
      const where = and(...conditions);
      const page = await paged(
        q,
        db
          .select({ article: articles, reportCount })
          .from(articles)
          .where(where)
          .orderBy(
            ...sortedBy(
              {
                createTime: articles.createdAt,
                publishTime: articles.publishedAt,
                likeCount: articles.likeCount,
              },
              q,
              'createTime',
              articles.id,
            ),
          ),
        db.select({ total: count() }).from(articles).where(where),
      );
      return mapPage(page, (rows) =>
        contentItems(
          db,
          rows.map((r) => ({ ...r.article, reportCount: r.reportCount })),
        ),
      );
    },

    async takeDown(actor: Actor, id: number, reason: string) {
      const row = await db.transaction((tx) => takeDownInTx(tx, actor, id, reason));
      if (!row) throw conflict('console_not_pending');
      await tell(
        actor.tenantId,
        row.userId,
        { title: 'moderation_taken_down_title', content: 'moderation_taken_down' },
        { excerpt: (row.title || row.summary).slice(0, 40), reason },
      );
      return contentItem(actor.tenantId, id);
    },

    async restore(actor: Actor, id: number, reason?: string) {
      await db.transaction(async (tx) => {
        const row = await contentRow(tx, actor.tenantId, id);
        if (row.status !== 'taken_down') throw conflict('console_not_pending');
        await tx
          .update(articles)
          .set({ status: 'published', takedownReason: null, takenDownBy: null, updatedAt: clock.now() })
          .where(eq(articles.id, id));
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
        await tx
          .update(articles)
          .set({ pinnedAt: pinned ? clock.now() : null })
          .where(eq(articles.id, id));
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

    async commentPage(tenantId: number, q: CommentQuery) {
      const conditions: SQL[] = [eq(articleComments.tenantId, tenantId)];
      if (q.filters.articleId) conditions.push(eq(articleComments.articleId, q.filters.articleId));
      if (q.filters.userId) conditions.push(eq(articleComments.userId, q.filters.userId));
      if (q.filters.keyword)
        conditions.push(ilike(articleComments.content, `%${escapeLike(q.filters.keyword)}%`));
      const where = and(...conditions);
      const page = await paged(
        q,
        db
          .select({ comment: articleComments, title: articles.title })
          .from(articleComments)
          .innerJoin(articles, eq(articles.id, articleComments.articleId))
          .where(where)
          .orderBy(
            ...sortedBy({ createTime: articleComments.createdAt }, q, 'createTime', articleComments.id),
          ),
        db.select({ total: count() }).from(articleComments).where(where),
      );
      return mapPage(page, (rows) => commentItems(db, rows));
    },

    async deleteComment(actor: Actor, id: number, reason: string) {
      const row = await db.transaction((tx) => deleteCommentInTx(tx, actor, id, reason));
      if (!row) throw conflict('console_not_pending');
      await tell(
        actor.tenantId,
        row.userId,
        { title: 'moderation_comment_deleted_title', content: 'moderation_comment_deleted' },
        { excerpt: row.content.slice(0, 40), reason },
      );
      const [fresh] = await db
        .select({ comment: articleComments, title: articles.title })
        .from(articleComments)
        .innerJoin(articles, eq(articles.id, articleComments.articleId))
        .where(eq(articleComments.id, id));
      return (await commentItems(db, [fresh!]))[0]!;
    },
  };
};
