import { and, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy, waitingQueue } from '../../platform/db/sql.js';
import { articleComments, articles, reports } from './plaza.table.js';

export type ReportRow = typeof reports.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type CommentRow = typeof articleComments.$inferSelect;

/**
 * How many reports name the work (beside each row of a content query). The columns are written with their
 * tables: drizzle renders a column alone in a query of one table ("id"), which inside this subquery meant the
 * report's own id, so every count was 0. Uses content_report_target_idx (tenant, type, target).
 */
const reportCount = sql<number>`(SELECT count(*)::int FROM ${reports} WHERE ${reports}.tenant_id = ${articles}.tenant_id AND ${reports}.target_type = 'article' AND ${reports}.target_id = ${articles}.id)`;

/** Reports: the queue, a page, one (locked) and their resolution, and the things they name. */
const createReportQueries = (db: DbOrTx) => ({
  reportQueue: (tenantId: number) =>
    waitingQueue(
      db,
      reports,
      and(eq(reports.tenantId, tenantId), eq(reports.status, 'pending')),
      reports.createdAt,
    ),

  reportPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleReportPage>) {
    const conditions: SQL[] = [eq(reports.tenantId, tenantId)];
    if (q.filters.status) conditions.push(eq(reports.status, q.filters.status));
    if (q.filters.targetType) conditions.push(eq(reports.targetType, q.filters.targetType));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(reports)
        .where(where)
        .orderBy(...sortedBy({ createTime: reports.createdAt }, q, 'createTime', reports.id)),
      db.select({ total: count() }).from(reports).where(where),
    );
  },

  async report(id: number): Promise<ReportRow | undefined> {
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    return row;
  },

  /** A report, its row locked for the rest of the transaction. */
  async lockReport(tenantId: number, id: number): Promise<ReportRow | undefined> {
    const [row] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)))
      .for('update');
    return row;
  },

  /** Closes every pending report of the target; the reports closed. */
  resolvePendingOf(
    tenantId: number,
    target: Pick<ReportRow, 'targetType' | 'targetId'>,
    outcome: Pick<ReportRow, 'status' | 'resolution' | 'handledBy' | 'handledAt'>,
  ): Promise<ReportRow[]> {
    return db
      .update(reports)
      .set(outcome)
      .where(
        and(
          eq(reports.tenantId, tenantId),
          eq(reports.targetType, target.targetType),
          eq(reports.targetId, target.targetId),
          eq(reports.status, 'pending'),
        ),
      )
      .returning();
  },

  /** Live works among `ids`: author, title, summary and status. */
  targetArticles: (tenantId: number, ids: number[]) =>
    db
      .select({
        id: articles.id,
        userId: articles.userId,
        title: articles.title,
        summary: articles.summary,
        status: articles.status,
      })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), inArray(articles.id, ids), isNull(articles.deletedAt))),

  /** Live comments among `ids`: author and text. */
  targetComments: (tenantId: number, ids: number[]) =>
    db
      .select({ id: articleComments.id, userId: articleComments.userId, content: articleComments.content })
      .from(articleComments)
      .where(
        and(
          eq(articleComments.tenantId, tenantId),
          inArray(articleComments.id, ids),
          isNull(articleComments.deletedAt),
        ),
      ),
});

/** Works as operators see them (no drafts), with their report counts, and their change. */
const createContentQueries = (db: DbOrTx) => ({
  /** Works waiting for review (先审后发): article_review_queue_idx. */
  reviewQueue: (tenantId: number) =>
    waitingQueue(
      db,
      articles,
      and(eq(articles.tenantId, tenantId), eq(articles.status, 'pending'), isNull(articles.deletedAt)),
      articles.createdAt,
    ),

  async articleCount(tenantId: number, userId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.userId, userId), isNull(articles.deletedAt)));
    return row?.n ?? 0;
  },

  /** A live work that is no draft (operators never see drafts). */
  async content(tenantId: number, id: number): Promise<ArticleRow | undefined> {
    const [row] = await db
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
    return row;
  },

  async contentWithReports(tenantId: number, id: number) {
    const [row] = await db
      .select({ article: articles, reportCount })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)));
    return row;
  },

  contentPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleContentPage>) {
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
    return paged(
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
  },

  async update(
    id: number,
    change: Partial<
      Pick<ArticleRow, 'status' | 'takedownReason' | 'takenDownBy' | 'pinnedAt' | 'updatedAt' | 'publishedAt'>
    >,
  ) {
    await db.update(articles).set(change).where(eq(articles.id, id));
  },
});

/** Comments as operators see them, and their deletion. */
const createCommentQueries = (db: DbOrTx) => ({
  async comment(tenantId: number, id: number): Promise<CommentRow | undefined> {
    const [row] = await db
      .select()
      .from(articleComments)
      .where(and(eq(articleComments.tenantId, tenantId), eq(articleComments.id, id)));
    return row;
  },

  /** Marks the comment deleted and takes it off its work's comment count (never below 0). */
  async deleteComment(comment: Pick<CommentRow, 'id' | 'articleId'>, now: Date) {
    await db.update(articleComments).set({ deletedAt: now }).where(eq(articleComments.id, comment.id));
    await db
      .update(articles)
      .set({ commentCount: sql`GREATEST(${articles.commentCount} - 1, 0)` })
      .where(eq(articles.id, comment.articleId));
  },

  commentPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleCommentPage>) {
    const conditions: SQL[] = [eq(articleComments.tenantId, tenantId)];
    if (q.filters.articleId) conditions.push(eq(articleComments.articleId, q.filters.articleId));
    if (q.filters.userId) conditions.push(eq(articleComments.userId, q.filters.userId));
    if (q.filters.keyword)
      conditions.push(ilike(articleComments.content, `%${escapeLike(q.filters.keyword)}%`));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select({ comment: articleComments, title: articles.title })
        .from(articleComments)
        .innerJoin(articles, eq(articles.id, articleComments.articleId))
        .where(where)
        .orderBy(...sortedBy({ createTime: articleComments.createdAt }, q, 'createTime', articleComments.id)),
      db.select({ total: count() }).from(articleComments).where(where),
    );
  },

  /** A comment with its work's title. */
  async commentWithTitle(id: number) {
    const [row] = await db
      .select({ comment: articleComments, title: articles.title })
      .from(articleComments)
      .innerJoin(articles, eq(articles.id, articleComments.articleId))
      .where(eq(articleComments.id, id));
    return row;
  },
});

/** The operators' queries of the plaza: reports, works as content and comments. */
export const createModerationRepository = (db: DbOrTx) => ({
  ...createReportQueries(db),
  ...createContentQueries(db),
  ...createCommentQueries(db),
});
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
