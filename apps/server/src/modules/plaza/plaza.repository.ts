import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPLIES_SHOWN,
  type ArticleMedia,
  type ArticleStatus,
  type AuthorSummary,
  type CreationDeclaration,
} from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { articleComments, articleCountedViews, articleLikes, articles, publisherStanding } from './plaza.table.js';
import type { ListKey, ListOrder, ListPosition } from './plaza-cursor.js';
import { escapeLike, descNullsLast } from '../../platform/db/sql.js';
import { createModerationRepository } from './moderation.repository.js';
import { createReportRepository } from './report.repository.js';
import { createAuthorCountQueries } from './author-counts.repository.js';

const authorColumns = {
  authorNickName: users.nickName,
  authorAvatar: users.avatar,
  authorPhone: users.phone,
  authorDeletedAt: users.deletedAt,
};

/** Columns of a card (no markdown body: lists stay small). */
const cardColumns = {
  id: articles.id,
  userId: articles.userId,
  categoryId: articles.categoryId,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  images: articles.images,
  media: articles.media,
  declaration: articles.declaration,
  aiMade: articles.aiMade,
  status: articles.status,
  likeCount: articles.likeCount,
  commentCount: articles.commentCount,
  shareCount: articles.shareCount,
  readCount: articles.readCount,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  ...authorColumns,
};

/** Whether `uid` liked the row's work (one work's page): a probe of the like primary key. */
const likedBy = (uid: number) =>
  uid > 0
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${articleLikes} WHERE ${articleLikes.tenantId} = ${articles.tenantId} AND ${articleLikes.articleId} = ${articles.id} AND ${articleLikes.userId} = ${uid})`
    : sql<boolean>`false`;

/**
 * The columns a keyset position is made of, beside a card: the sort timestamp and the pin time as PostgreSQL
 * prints them (microseconds kept, read back with `::timestamptz`).
 */
const positionColumns = {
  publishedKey: sql<string | null>`${articles.publishedAt}::text`,
  updatedKey: sql<string>`${articles.updatedAt}::text`,
  pinnedKey: sql<string | null>`${articles.pinnedAt}::text`,
};

/** Published and not deleted: the predicate of the partial list indexes, written as literals so plans use them. */
const listedWhere = sql`${articles.status} = 'published' AND ${articles.deletedAt} IS NULL`;

/**
 * The statement of `bumpRead`, as drizzle sends it. A reading changes no cached list: cards show the read count
 * as of their work's last counter change (the work's own page reads it fresh), and the article triggers of
 * migrations 0021 and 0027 skip it likewise.
 */
export const READ_COUNT_BUMP = /^update "article" set "read_count" = "article"\."read_count" \+ 1 where /;

/**
 * The statements that move only a work's like, comment or share counter, as drizzle sends them: a change of that
 * work's counters (`article_counter`), not of any cached page (migration 0027 notifies `article_counter:<id>`).
 */
export const COUNTER_BUMP =
  /^update "article" set "(?:like|comment|share)_count" = (?:"article"\."(?:like|comment|share)_count" [+-] 1|GREATEST\("article"\."(?:like|comment|share)_count" - 1, 0\)) where /;

export interface ArticleCardRow {
  id: number;
  userId: number;
  categoryId: number;
  title: string;
  summary: string;
  cover: string | null;
  images: string[];
  media: ArticleMedia | null;
  declaration: CreationDeclaration | null;
  aiMade: boolean;
  status: ArticleStatus;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  readCount: number;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  authorNickName: string | null;
  authorAvatar: string | null;
  authorPhone: string | null;
  authorDeletedAt: Date | null;
  liked: boolean;
}

/** A card of a list, with what its keyset position is made of. */
interface ArticleListRow extends ArticleCardRow {
  publishedKey: string | null;
  updatedKey: string;
  pinnedKey: string | null;
}

/** A work's counters, read fresh beside a cached page. */
export interface ArticleCounters {
  likeCount: number;
  commentCount: number;
  shareCount: number;
  readCount: number;
}

interface ArticleListPage {
  rows: ArticleListRow[];
  /** Whether the list goes on after these rows, and where its next page starts (null at the end). */
  hasMore: boolean;
  next: ListPosition | null;
}

export interface ArticleDetailRow extends ArticleCardRow {
  content: string;
  takedownReason: string | null;
  deletedAt: Date | null;
}

export interface ArticleListFilter {
  page: number;
  pageSize: number;
  categoryId?: number;
  authorId?: number;
  keyword?: string;
  sort: 'newest' | 'hot';
  /** `mine`: the caller's published and taken-down works; `drafts`: the caller's drafts. */
  scope: 'plaza' | 'mine' | 'drafts';
  /** The caller (0 for anonymous or guest). */
  viewerId: number;
  blocked: number[];
}

/** The WHERE and ORDER BY of a list, shared by the query, its count and the EXPLAIN of the bench. */
const listParts = (tenantId: number, f: ArticleListFilter) => {
  const conditions: SQL[] = [eq(articles.tenantId, tenantId)];
  if (f.scope === 'drafts') {
    conditions.push(
      eq(articles.userId, f.viewerId),
      sql`${articles.status} = 'draft'`,
      isNull(articles.deletedAt),
    );
  } else if (f.scope === 'mine') {
    conditions.push(
      eq(articles.userId, f.viewerId),
      sql`${articles.status} IN ('published', 'taken_down')`,
      isNull(articles.deletedAt),
    );
  } else {
    conditions.push(listedWhere);
    if (f.authorId) conditions.push(eq(articles.userId, f.authorId));
    if (f.blocked.length) conditions.push(notInArray(articles.userId, f.blocked));
  }
  if (f.categoryId) conditions.push(eq(articles.categoryId, f.categoryId));
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword)}%`;
    conditions.push(or(ilike(articles.title, pattern), ilike(articles.content, pattern))!);
  }
  const orderBy =
    f.scope === 'drafts'
      ? [descNullsLast(articles.updatedAt), descNullsLast(articles.id)]
      : f.sort === 'hot'
        ? [descNullsLast(articles.likeCount), descNullsLast(articles.publishedAt), descNullsLast(articles.id)]
        : [descNullsLast(articles.publishedAt), descNullsLast(articles.id)];
  return { where: and(...conditions)!, orderBy };
};

/**
 * The plaza feed (any category or sort, not a search or an author's homepage) lists the works operators pinned
 * first, newest pin first, then the others in the feed's order: one sequence paged as a whole, so a pinned work
 * is never repeated on a later page and unpinning puts it back in its place.
 */
const pinsFirst = (f: Pick<ArticleListFilter, 'scope' | 'authorId' | 'keyword'>) =>
  f.scope === 'plaza' && !f.authorId && !f.keyword;

/** The order of a list, as its keyset cursor names it. */
export const listOrder = (f: Pick<ArticleListFilter, 'scope' | 'sort'>): ListOrder =>
  f.scope === 'drafts' ? 'drafts' : f.sort === 'hot' ? 'hot' : 'newest';

/**
 * The works after `key` in the list's order, as one row comparison over the columns of the list's index (all
 * descending), so the index scan starts right at the key: `(published_at, id) < (…)` and so on.
 */
const afterKey = (key: ListKey): SQL => {
  const at = sql`${key.at}::timestamptz`;
  const id = sql`${key.id}::int`;
  if (key.order === 'hot')
    return sql`(${articles.likeCount}, ${articles.publishedAt}, ${articles.id}) < (${sql`${key.likes}::int`}, ${at}, ${id})`;
  if (key.order === 'drafts') return sql`(${articles.updatedAt}, ${articles.id}) < (${at}, ${id})`;
  return sql`(${articles.publishedAt}, ${articles.id}) < (${at}, ${id})`;
};

/** Where the list goes on after `row`: after it among the pinned works, or after its key in the list's order. */
const positionAfter = (f: ArticleListFilter, row: ArticleListRow): ListPosition | null => {
  if (pinsFirst(f) && row.pinnedKey !== null) return { kind: 'pinned', pinnedAt: row.pinnedKey, id: row.id };
  const order = listOrder(f);
  if (order === 'drafts') return { kind: 'key', key: { order, at: row.updatedKey, id: row.id } };
  // A listed work always has a publish time; a list of works without one cannot be walked on by key.
  if (row.publishedKey === null) return null;
  return order === 'hot'
    ? { kind: 'key', key: { order, likes: row.likeCount, at: row.publishedKey, id: row.id } }
    : { kind: 'key', key: { order, at: row.publishedKey, id: row.id } };
};

/** Listing works: a page of cards (pins first on the plaza), its estimated length, likes and counters of a page. */
const createArticleListQueries = (db: DbOrTx) => ({
  /**
   * One page of cards with their authors, and the viewer's like state in a second query (one probe of the
   * viewer's likes for the page's ids). Numbered pages (`after` undefined) skip the works before them, which
   * callers keep shallow (PLAZA_PAGE_DEPTH_MAX); `after` starts the page right after a position, through the
   * list's index, however deep. On the plaza feed the pinned works (a handful operators chose, read by their
   * own index) come first. No count: one row more than the page says whether the list goes on.
   */
  async listArticles(tenantId: number, f: ArticleListFilter, after?: ListPosition): Promise<ArticleListPage> {
    const limit = f.pageSize + 1;
    let rows: ArticleListRow[];
    if (!pinsFirst(f)) {
      rows = await this.listQuery(tenantId, f, {
        limit,
        offset: after ? 0 : (f.page - 1) * f.pageSize,
        after: after?.kind === 'key' ? after.key : undefined,
      });
    } else {
      const { where } = listParts(tenantId, f);
      let head: ArticleListRow[] = [];
      let offset = 0;
      if (!after || after.kind === 'pinned') {
        const pinned = await this.cards(
          and(
            where,
            isNotNull(articles.pinnedAt),
            after?.kind === 'pinned'
              ? sql`(${articles.pinnedAt}, ${articles.id}) < (${after.pinnedAt}::timestamptz, ${after.id}::int)`
              : undefined,
          )!,
          [desc(articles.pinnedAt), desc(articles.id)],
        );
        const start = after ? 0 : (f.page - 1) * f.pageSize;
        head = pinned.slice(start, start + limit);
        offset = Math.max(0, start - pinned.length);
      }
      const rest =
        head.length < limit
          ? await this.listQuery(tenantId, f, {
              offset,
              limit: limit - head.length,
              after: after?.kind === 'key' ? after.key : undefined,
            })
          : [];
      rows = [...head, ...rest];
    }
    const hasMore = rows.length > f.pageSize;
    if (hasMore) rows = rows.slice(0, f.pageSize);
    const last = rows.at(-1);
    const liked = await this.likedAmong(
      tenantId,
      f.viewerId,
      rows.map((row) => row.id),
    );
    for (const row of rows) row.liked = liked.has(row.id);
    return { rows, hasMore, next: hasMore && last ? positionAfter(f, last) : null };
  },

  /**
   * How many works a list holds, without its keyword and blocked authors (an estimate for `total`, counted
   * through the list's index and remembered by the caller).
   */
  async countList(tenantId: number, f: ArticleListFilter): Promise<number> {
    const { where } = listParts(tenantId, { ...f, keyword: undefined, blocked: [] });
    const [row] = await db.select({ total: count() }).from(articles).where(where);
    return row?.total ?? 0;
  },

  /** Which of `articleIds` the user liked: one probe of article_like_viewer_idx for the page's ids. */
  async likedAmong(tenantId: number, userId: number, articleIds: number[]): Promise<Set<number>> {
    if (userId <= 0 || articleIds.length === 0) return new Set();
    const rows = await this.likedAmongQuery(tenantId, userId, articleIds);
    return new Set(rows.map((r) => r.id));
  },

  /** The statement of `likedAmong` (tests and the bench read its plan). */
  likedAmongQuery(tenantId: number, userId: number, articleIds: number[]) {
    return db
      .select({ id: articleLikes.articleId })
      .from(articleLikes)
      .where(
        and(
          eq(articleLikes.tenantId, tenantId),
          eq(articleLikes.userId, userId),
          inArray(articleLikes.articleId, articleIds),
        ),
      );
  },

  /** The current counters of the given works (a cached page's, read fresh per request by primary key). */
  async countersOf(tenantId: number, articleIds: number[]): Promise<Map<number, ArticleCounters>> {
    if (articleIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: articles.id,
        likeCount: articles.likeCount,
        commentCount: articles.commentCount,
        shareCount: articles.shareCount,
        readCount: articles.readCount,
      })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), inArray(articles.id, articleIds)));
    return new Map(rows.map(({ id, ...counters }) => [id, counters]));
  },

  /** Cards with their authors (like state false: `listArticles` fills it), filtered and ordered, not yet cut. */
  cards(where: SQL, orderBy: SQL[]) {
    return db
      .select({ ...cardColumns, ...positionColumns, liked: sql<boolean>`false` })
      .from(articles)
      .innerJoin(users, eq(users.id, articles.userId))
      .where(where)
      .orderBy(...orderBy);
  },

  /**
   * The page query `listArticles` runs (tests and the bench read its plan): the list's works (on the plaza
   * feed, those not pinned) after `window.after` in the list's order, or after skipping `window.offset`.
   */
  listQuery(
    tenantId: number,
    f: ArticleListFilter,
    window?: { offset?: number; limit?: number; after?: ListKey },
  ) {
    const { where, orderBy } = listParts(tenantId, f);
    return this.cards(
      and(
        where,
        pinsFirst(f) ? isNull(articles.pinnedAt) : undefined,
        window?.after ? afterKey(window.after) : undefined,
      )!,
      orderBy,
    )
      .limit(window?.limit ?? f.pageSize)
      .offset(window?.offset ?? (window?.after ? 0 : (f.page - 1) * f.pageSize));
  },
});

/** One work's rows: read for a reader or for a change, written, and its author's summary. */
const createArticleRows = (db: DbOrTx) => ({
  async findArticle(tenantId: number, id: number, viewerId: number): Promise<ArticleDetailRow | undefined> {
    const [row] = await db
      .select({
        ...cardColumns,
        content: articles.content,
        takedownReason: articles.takedownReason,
        deletedAt: articles.deletedAt,
        liked: likedBy(viewerId),
      })
      .from(articles)
      .innerJoin(users, eq(users.id, articles.userId))
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)))
      .limit(1);
    return row;
  },

  /** The bare row for rules (owner, status), locked when inside a transaction that will change it. */
  async articleForChange(tenantId: number, id: number) {
    const [row] = await db
      .select({
        id: articles.id,
        userId: articles.userId,
        status: articles.status,
        title: articles.title,
        content: articles.content,
        cover: articles.cover,
        images: articles.images,
        media: articles.media,
        review: articles.review,
        publishedAt: articles.publishedAt,
        deletedAt: articles.deletedAt,
      })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)))
      .for('update')
      .limit(1);
    return row;
  },

  /**
   * What the new-account review rule asks of an author: vouched for (a seeded demo account), when they signed
   * up, and their published posts up to `posts` (article_author_newest_idx; never a full count).
   */
  async publisherStanding(tenantId: number, userId: number, posts: number) {
    const [vouched] = await db
      .select({ at: publisherStanding.establishedAt })
      .from(publisherStanding)
      .where(and(eq(publisherStanding.tenantId, tenantId), eq(publisherStanding.userId, userId)))
      .limit(1);
    const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
    const published = posts
      ? await db
          .select({ id: articles.id })
          .from(articles)
          .where(
            and(
              eq(articles.tenantId, tenantId),
              eq(articles.userId, userId),
              eq(articles.status, 'published'),
              isNull(articles.deletedAt),
            ),
          )
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(posts)
      : [];
    return { vouched: Boolean(vouched), signedUpAt: user?.createdAt ?? null, published: published.length };
  },

  async insertArticle(values: typeof articles.$inferInsert) {
    const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
    return row!.id;
  },

  async updateArticle(tenantId: number, id: number, values: Partial<typeof articles.$inferInsert>) {
    await db
      .update(articles)
      .set(values)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)));
  },

  async userSummary(tenantId: number, id: number): Promise<AuthorSummary | undefined> {
    const [row] = await db
      .select(authorSummaryColumns)
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .limit(1);
    return row ? authorSummary(row) : undefined;
  },
});

/** Counted readings and shares, likes and the caller's liked works. */
const createArticleCounterQueries = (db: DbOrTx) => ({
  /** Records that `viewer` read or shared a work on `day`; true only the first time that day. */
  async countOnce(articleId: number, kind: 'read' | 'share', viewer: string, day: string): Promise<boolean> {
    const inserted = await db
      .insert(articleCountedViews)
      .values({ articleId, kind, viewer, day })
      .onConflictDoNothing()
      .returning({ articleId: articleCountedViews.articleId });
    return inserted.length > 0;
  },

  /** Forgets who was counted before `day` (the counters keep their totals). */
  async sweepCountedViews(day: string) {
    await db.delete(articleCountedViews).where(lt(articleCountedViews.day, day));
  },

  /** Counts a reading (`READ_COUNT_BUMP` is its statement: no cached list is refreshed for it). */
  async bumpRead(id: number) {
    await db
      .update(articles)
      .set({ readCount: sql`${articles.readCount} + 1` })
      .where(eq(articles.id, id));
  },

  async bumpShare(tenantId: number, id: number): Promise<number | undefined> {
    const [row] = await db
      .update(articles)
      .set({ shareCount: sql`${articles.shareCount} + 1` })
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id), listedWhere))
      .returning({ shareCount: articles.shareCount });
    return row?.shareCount;
  },

  // ---- likes ----

  /** Inserts the like row (no-op when present) and moves the counter only when a row was added. */
  async like(tenantId: number, articleId: number, userId: number, now: Date) {
    const inserted = await db
      .insert(articleLikes)
      .values({ tenantId, articleId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ articleId: articleLikes.articleId });
    if (inserted.length) {
      const [row] = await db
        .update(articles)
        .set({ likeCount: sql`${articles.likeCount} + 1` })
        .where(eq(articles.id, articleId))
        .returning({ likeCount: articles.likeCount });
      return { added: true, likeCount: row!.likeCount };
    }
    return { added: false, likeCount: await this.likeCount(articleId) };
  },

  async unlike(articleId: number, userId: number) {
    const removed = await db
      .delete(articleLikes)
      .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)))
      .returning({ articleId: articleLikes.articleId });
    if (removed.length) {
      const [row] = await db
        .update(articles)
        .set({ likeCount: sql`GREATEST(${articles.likeCount} - 1, 0)` })
        .where(eq(articles.id, articleId))
        .returning({ likeCount: articles.likeCount });
      return { removed: true, likeCount: row!.likeCount };
    }
    return { removed: false, likeCount: await this.likeCount(articleId) };
  },

  async likeCount(articleId: number): Promise<number> {
    const [row] = await db
      .select({ likeCount: articles.likeCount })
      .from(articles)
      .where(eq(articles.id, articleId));
    return row?.likeCount ?? 0;
  },

  /** The caller's liked works that are still listed, most recent like first. */
  async likedArticles(tenantId: number, userId: number, page: number, pageSize: number, blocked: number[]) {
    const conditions: SQL[] = [
      eq(articleLikes.tenantId, tenantId),
      eq(articleLikes.userId, userId),
      listedWhere,
    ];
    if (blocked.length) conditions.push(notInArray(articles.userId, blocked));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      { page, pageSize },
      db
        .select({ ...cardColumns, liked: sql<boolean>`true`, likeTime: articleLikes.createdAt })
        .from(articleLikes)
        .innerJoin(articles, eq(articles.id, articleLikes.articleId))
        .innerJoin(users, eq(users.id, articles.userId))
        .where(where)
        .orderBy(descNullsLast(articleLikes.createdAt), descNullsLast(articleLikes.articleId)),
      db
        .select({ total: count() })
        .from(articleLikes)
        .innerJoin(articles, eq(articles.id, articleLikes.articleId))
        .where(where),
    );
    return { rows, total };
  },
});

/** Comments: top-level ones by page, the first replies of each, one comment for a rule. */
const createCommentQueries = (db: DbOrTx) => ({
  async findComment(tenantId: number, id: number) {
    const [row] = await db
      .select({
        id: articleComments.id,
        articleId: articleComments.articleId,
        userId: articleComments.userId,
        parentId: articleComments.parentId,
      })
      .from(articleComments)
      .where(
        and(
          eq(articleComments.tenantId, tenantId),
          eq(articleComments.id, id),
          isNull(articleComments.deletedAt),
        ),
      )
      .limit(1);
    return row;
  },

  async insertComment(values: typeof articleComments.$inferInsert) {
    const [row] = await db.insert(articleComments).values(values).returning({ id: articleComments.id });
    await db
      .update(articles)
      .set({ commentCount: sql`${articles.commentCount} + 1` })
      .where(eq(articles.id, values.articleId));
    return row!.id;
  },

  /** Top-level comments, newest first, with their authors; the total counts top-level comments. */
  async topComments(articleId: number, page: number, pageSize: number, blocked: number[]) {
    const conditions: SQL[] = [
      eq(articleComments.articleId, articleId),
      isNull(articleComments.parentId),
      isNull(articleComments.deletedAt),
    ];
    if (blocked.length) conditions.push(notInArray(articleComments.userId, blocked));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      { page, pageSize },
      db
        .select({
          id: articleComments.id,
          articleId: articleComments.articleId,
          parentId: articleComments.parentId,
          userId: articleComments.userId,
          content: articleComments.content,
          createdAt: articleComments.createdAt,
          ...authorColumns,
        })
        .from(articleComments)
        .innerJoin(users, eq(users.id, articleComments.userId))
        .where(where)
        .orderBy(descNullsLast(articleComments.createdAt), descNullsLast(articleComments.id)),
      db.select({ total: count() }).from(articleComments).where(where),
    );
    return { rows, total };
  },

  /** Replies of the given top-level comments in one query: the first REPLIES_SHOWN of each, and each count. */
  async replies(parentIds: number[], blocked: number[]) {
    if (!parentIds.length) return [];
    const conditions: SQL[] = [
      inArray(articleComments.parentId, parentIds),
      isNull(articleComments.deletedAt),
    ];
    if (blocked.length) conditions.push(notInArray(articleComments.userId, blocked));
    const ranked = db
      .select({
        id: articleComments.id,
        articleId: articleComments.articleId,
        parentId: articleComments.parentId,
        userId: articleComments.userId,
        replyToUserId: articleComments.replyToUserId,
        content: articleComments.content,
        createdAt: articleComments.createdAt,
        rn: sql<number>`row_number() OVER (PARTITION BY ${articleComments.parentId} ORDER BY ${articleComments.createdAt}, ${articleComments.id})`.as(
          'rn',
        ),
        total: sql<number>`(count(*) OVER (PARTITION BY ${articleComments.parentId}))::int`.as('total'),
      })
      .from(articleComments)
      .where(and(...conditions))
      .as('ranked');
    const replyTo = alias(users, 'reply_to');
    return db
      .select({
        id: ranked.id,
        articleId: ranked.articleId,
        parentId: ranked.parentId,
        userId: ranked.userId,
        content: ranked.content,
        createdAt: ranked.createdAt,
        total: ranked.total,
        ...authorColumns,
        replyToId: replyTo.id,
        replyToNickName: replyTo.nickName,
        replyToAvatar: replyTo.avatar,
        replyToPhone: replyTo.phone,
        replyToDeletedAt: replyTo.deletedAt,
      })
      .from(ranked)
      .innerJoin(users, eq(users.id, ranked.userId))
      .leftJoin(replyTo, eq(replyTo.id, ranked.replyToUserId))
      .where(lte(ranked.rn, REPLIES_SHOWN))
      .orderBy(asc(ranked.parentId), asc(ranked.createdAt), asc(ranked.id));
  },
});

export const createPlazaRepository = (db: DbOrTx) => ({
  ...createArticleListQueries(db),
  ...createArticleRows(db),
  ...createArticleCounterQueries(db),
  ...createCommentQueries(db),
  ...createAuthorCountQueries(db),
});

export type PlazaRepository = ReturnType<typeof createPlazaRepository>;

/** The plaza's repositories (works, moderation, reports), made once per module (over the pool, or a transaction's). */
export const createPlazaRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    plaza: createPlazaRepository(executor),
    moderation: createModerationRepository(executor),
    reports: createReportRepository(executor),
  }));
export type PlazaRepositories = ReturnType<typeof createPlazaRepositories>;

// ---- what other modules ask of the plaza's works ----

/**
 * The words and pictures of a work another feature makes something from (a video from an article): the
 * reader's own work (draft or published) or anyone's published one; undefined when deleted, taken down or
 * unknown.
 */
export const articleSource = async (db: DbOrTx, tenantId: number, readerId: number, id: number) => {
  const [row] = await db
    .select({
      title: articles.title,
      content: articles.content,
      images: articles.images,
      cover: articles.cover,
      /** The author (a batch of videos is made of the reader's own works only). */
      userId: articles.userId,
    })
    .from(articles)
    .where(
      and(
        eq(articles.tenantId, tenantId),
        eq(articles.id, id),
        isNull(articles.deletedAt),
        or(
          and(eq(articles.userId, readerId), ne(articles.status, 'taken_down')),
          eq(articles.status, 'published'),
        ),
      ),
    )
    .limit(1);
  return row;
};

/**
 * Whether a live plaza work (draft, published or taken down, not deleted) shows a stored file as its media:
 * a video shared to the plaza keeps its files while a work still shows it. Matched by storage key, which is
 * unique and ends every URL of the file (local `/uploads/…`, `/files/public/…` or the bucket's address).
 */
export const isSharedInPlaza = async (db: DbOrTx, tenantId: number, storageKey: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.tenantId, tenantId),
        isNull(articles.deletedAt),
        sql`right(${articles.media}->>'url', ${storageKey.length}) = ${storageKey}`,
      ),
    )
    .limit(1);
  return row !== undefined;
};
