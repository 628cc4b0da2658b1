import { and, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf, ReportTargetType } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { descNullsLast } from '../../platform/db/sql.js';
import { users } from '../../platform/identity/identity.table.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { articleComments, articles, reports } from './plaza.table.js';

/** Reports and the plaza's targets they name (works, comments, users). */
export const createReportRepository = (db: DbOrTx) => {
  /** A work the reporter can see: published, or their own. */
  const visibleArticle = (uid: number) =>
    and(isNull(articles.deletedAt), or(eq(articles.status, 'published'), eq(articles.userId, uid)));

  return {
    /** The author of a work the reporter can see. */
    async visibleArticleOwner(tenantId: number, uid: number, id: number) {
      const [row] = await db
        .select({ owner: articles.userId })
        .from(articles)
        .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id), visibleArticle(uid)));
      return row?.owner;
    },

    /** The author of a live comment on a work the reporter can see. */
    async visibleCommentOwner(tenantId: number, uid: number, id: number) {
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
    },

    async userExists(tenantId: number, id: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
      return !!row;
    },

    /** Title (or summary) of each work. */
    async articleTexts(tenantId: number, ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: articles.id, title: articles.title, summary: articles.summary })
        .from(articles)
        .where(and(eq(articles.tenantId, tenantId), inArray(articles.id, ids)));
      return new Map(rows.map((a) => [a.id, a.title || a.summary]));
    },

    async commentTexts(tenantId: number, ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: articleComments.id, content: articleComments.content })
        .from(articleComments)
        .where(and(eq(articleComments.tenantId, tenantId), inArray(articleComments.id, ids)));
      return new Map(rows.map((c) => [c.id, c.content]));
    },

    /** Nick names as everyone sees them. */
    async userNickNames(tenantId: number, ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select(authorSummaryColumns)
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
      return new Map(rows.map((u) => [u.id, authorSummary(u).nickName]));
    },

    /** The reporter's pending report of the same target, if any. */
    async openReport(tenantId: number, uid: number, targetType: ReportTargetType, targetId: number) {
      const [open] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.tenantId, tenantId),
            eq(reports.targetType, targetType),
            eq(reports.targetId, targetId),
            eq(reports.reporterId, uid),
            eq(reports.status, 'pending'),
          ),
        )
        .limit(1);
      return open?.id;
    },

    async insert(values: typeof reports.$inferInsert) {
      const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
      return row!.id;
    },

    /** Reports, newest first, with their reporter's summary columns. */
    page(tenantId: number, body: ParsedBodyOf<typeof endpoints.reportPage>) {
      const conditions: SQL[] = [eq(reports.tenantId, tenantId)];
      if (body.status) conditions.push(eq(reports.status, body.status));
      if (body.targetType) conditions.push(eq(reports.targetType, body.targetType));
      const where = and(...conditions);
      return paged(
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
    },
  };
};
export type ReportRepository = ReturnType<typeof createReportRepository>;
