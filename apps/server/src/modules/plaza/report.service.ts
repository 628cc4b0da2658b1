import { and, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf, Report, ReportTargetType } from '@app/contract';
import './plaza.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { users } from '../../platform/identity/identity.table.js';
import { descNullsLast } from '../../platform/db/sql.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { drawingReportTexts, visibleDrawingOwner } from '../drawing/index.js';
import { articleComments, articles, reports } from './plaza.table.js';

type TargetType = ReportTargetType;

/**
 * Reports of works, comments, users and AI drawings (set/help/report, the report button of a work or a
 * drawing), for operators.
 */
export const createReportService = ({ db, clock }: { db: Db; clock: Clock }) => {
  /** A work the reporter can see: published, or their own. */
  const visibleArticle = (uid: number) =>
    and(isNull(articles.deletedAt), or(eq(articles.status, 'published'), eq(articles.userId, uid)));

  /**
   * Who owns the target (for the self-report rule), or undefined when it does not exist in the tenant or
   * the reporter cannot see it (another user's draft, a comment on one): a report never reveals it.
   */
  const targetOwner = async (
    tenantId: number,
    uid: number,
    type: TargetType,
    id: number,
  ): Promise<number | undefined> => {
    if (type === 'article') {
      const [row] = await db
        .select({ owner: articles.userId })
        .from(articles)
        .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id), visibleArticle(uid)));
      return row?.owner;
    }
    if (type === 'comment') {
      const [row] = await db
        .select({ owner: articleComments.userId })
        .from(articleComments)
        .innerJoin(articles, eq(articles.id, articleComments.articleId))
        .where(
          and(
            eq(articleComments.tenantId, tenantId),
            eq(articleComments.id, id),
            isNull(articleComments.deletedAt),
            visibleArticle(uid),
          ),
        );
      return row?.owner;
    }
    if (type === 'drawing') return visibleDrawingOwner(db, tenantId, uid, id);
    const [row] = await db
      .select({ owner: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
    return row?.owner;
  };

  /** What each target shows, fetched per type in one query each (at most four). */
  const targetTexts = async (tenantId: number, rows: { targetType: TargetType; targetId: number }[]) => {
    const ids = (type: TargetType) => [
      ...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId)),
    ];
    const texts = new Map<string, string>();
    const [articleIds, commentIds, userIds, drawingIds] = [
      ids('article'),
      ids('comment'),
      ids('user'),
      ids('drawing'),
    ];
    await Promise.all([
      articleIds.length &&
        db
          .select({ id: articles.id, title: articles.title, summary: articles.summary })
          .from(articles)
          .where(and(eq(articles.tenantId, tenantId), inArray(articles.id, articleIds)))
          .then((list) => list.forEach((a) => texts.set(`article:${a.id}`, a.title || a.summary))),
      commentIds.length &&
        db
          .select({ id: articleComments.id, content: articleComments.content })
          .from(articleComments)
          .where(and(eq(articleComments.tenantId, tenantId), inArray(articleComments.id, commentIds)))
          .then((list) => list.forEach((c) => texts.set(`comment:${c.id}`, c.content))),
      userIds.length &&
        db
          .select(authorSummaryColumns)
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)))
          .then((list) => list.forEach((u) => texts.set(`user:${u.id}`, authorSummary(u).nickName))),
      drawingReportTexts(db, tenantId, drawingIds).then((map) =>
        map.forEach((text, id) => texts.set(`drawing:${id}`, text)),
      ),
    ]);
    return texts;
  };

  return {
    /** Stores a report; the same open report twice answers the first one's id. */
    async add(tenantId: number, uid: number, body: ParsedBodyOf<typeof endpoints.reportAdd>) {
      const owner = await targetOwner(tenantId, uid, body.targetType, body.targetId);
      if (owner === undefined) throw notFound('report_target_not_found');
      if (body.targetType === 'user' && owner === uid) throw badRequest('cannot_report_self');
      const [open] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.tenantId, tenantId),
            eq(reports.targetType, body.targetType),
            eq(reports.targetId, body.targetId),
            eq(reports.reporterId, uid),
            eq(reports.status, 'pending'),
          ),
        )
        .limit(1);
      if (open) return { id: open.id };
      const [row] = await db
        .insert(reports)
        .values({
          tenantId,
          reporterId: uid,
          targetType: body.targetType,
          targetId: body.targetId,
          reason: body.reason,
          detail: body.detail || null,
          createdAt: clock.now(),
        })
        .returning({ id: reports.id });
      return { id: row!.id };
    },

    async page(tenantId: number, body: ParsedBodyOf<typeof endpoints.reportPage>) {
      const conditions: SQL[] = [eq(reports.tenantId, tenantId)];
      if (body.status) conditions.push(eq(reports.status, body.status));
      if (body.targetType) conditions.push(eq(reports.targetType, body.targetType));
      const where = and(...conditions);
      const { items: rows, total } = await paged(
        body,
        db
          .select({
            report: reports,
            nickName: users.nickName,
            avatar: users.avatar,
            phone: users.phone,
            deletedAt: users.deletedAt,
          })
          .from(reports)
          .innerJoin(users, eq(users.id, reports.reporterId))
          .where(where)
          .orderBy(descNullsLast(reports.createdAt), descNullsLast(reports.id)),
        db.select({ total: count() }).from(reports).where(where),
      );
      const texts = await targetTexts(
        tenantId,
        rows.map((r) => r.report),
      );
      const items: Report[] = rows.map(({ report, ...reporter }) => ({
        id: report.id,
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        detail: report.detail,
        status: report.status,
        reporter: authorSummary({ id: report.reporterId, ...reporter }),
        targetText: texts.get(`${report.targetType}:${report.targetId}`) ?? null,
        createTime: report.createdAt.toISOString(),
      }));
      return { items, total: total, page: body.page, pageSize: body.pageSize };
    },
  };
};
