import { sql } from 'drizzle-orm';
import type { ReportTargetType } from '@app/contract';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ArticleMedia, ArticleStatus, CreationDeclaration, ReviewRecord } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/** Published rows that lists show: the list indexes are partial on this condition. */
const listed = sql`status = 'published' AND deleted_at IS NULL`;

/** A plaza work (article or post): markdown text, images, optional generated media. */
export const articles = pgTable(
  'article',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    /** Markdown source, stored as written. */
    content: text('content').notNull().default(''),
    /** Plain-text excerpt for cards, computed on write. */
    summary: text('summary').notNull().default(''),
    cover: text('cover'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    media: jsonb('media').$type<ArticleMedia>(),
    /** 创作声明 (null: none); `ai_generated` whenever `aiMade`. */
    declaration: text('declaration').$type<CreationDeclaration>(),
    /** Made with our AI tools (generated pictures, video or audio, or an AI answer's text): tagged "AI生成". */
    aiMade: boolean('ai_made').notNull().default(false),
    status: text('status').$type<ArticleStatus>().notNull(),
    /** Why an operator took it down, or refused it in review. */
    takedownReason: text('takedown_reason'),
    /** Why it waits (or waited) for review, with the pictures' scores and text: the review queue shows it. */
    review: jsonb('review').$type<ReviewRecord>(),
    takenDownBy: integer('taken_down_by'),
    /** Pinned by an operator to the top of the plaza (newest pin first); null when not pinned. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Natural key of seeded demo works (idempotent seed). */
    seedKey: text('seed_key'),
  },
  (t) => [
    check(
      'article_status_check',
      sql`${t.status} IN ('draft', 'published', 'taken_down', 'pending', 'rejected')`,
    ),
    // The review queue (先审后发): works waiting for an operator, oldest first.
    index('article_review_queue_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`status = 'pending' AND deleted_at IS NULL`),
    check('article_counts_non_negative', sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
    // Plaza lists: newest and hot, over all categories or one.
    index('article_newest_idx').on(t.tenantId, t.publishedAt.desc(), t.id.desc()).where(listed),
    index('article_category_newest_idx')
      .on(t.tenantId, t.categoryId, t.publishedAt.desc(), t.id.desc())
      .where(listed),
    index('article_hot_idx')
      .on(t.tenantId, t.likeCount.desc(), t.publishedAt.desc(), t.id.desc())
      .where(listed),
    index('article_category_hot_idx')
      .on(t.tenantId, t.categoryId, t.likeCount.desc(), t.publishedAt.desc(), t.id.desc())
      .where(listed),
    // The works operators pinned to the top of the plaza feed, newest pin first.
    index('article_pinned_idx')
      .on(t.tenantId, t.pinnedAt.desc())
      .where(sql`status = 'published' AND deleted_at IS NULL AND pinned_at IS NOT NULL`),
    // A personal homepage: one author's published works, newest first.
    index('article_author_newest_idx')
      .on(t.tenantId, t.userId, t.publishedAt.desc(), t.id.desc())
      .where(listed),
    // An author's own works and drafts ("mine", drafts).
    index('article_author_idx').on(t.tenantId, t.userId, t.status, t.updatedAt.desc()),
    uniqueIndex('article_seed_uq').on(t.tenantId, t.seedKey),
  ],
);

/** One like per (work, user): the primary key makes liking idempotent. */
export const articleLikes = pgTable(
  'article_like',
  {
    tenantId: tenantId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.userId] }),
    index('article_like_user_idx').on(t.tenantId, t.userId, t.createdAt.desc()),
    // Which works of a page the viewer liked: one `article_id = ANY(…)` probe per page, whatever the
    // viewer's number of likes (the index above would read all of them).
    index('article_like_viewer_idx').on(t.tenantId, t.userId, t.articleId),
  ],
);

/** Comments: `parentId` null for a top-level comment, else the top-level comment it belongs to. */
export const articleComments = pgTable(
  'article_comment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    /** The author a reply answers (reply to a reply); null otherwise. */
    replyToUserId: integer('reply_to_user_id'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('article_comment_top_idx')
      .on(t.articleId, t.createdAt.desc(), t.id.desc())
      .where(sql`parent_id IS NULL AND deleted_at IS NULL`),
    index('article_comment_reply_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`parent_id IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** A user's report of a work, a comment or a user, for operators. */
export const reports = pgTable(
  'content_report',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    /** A plaza work, a comment, a user, or an AI drawing (ai_draw_task id). */
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    status: text('status').$type<'pending' | 'resolved' | 'rejected'>().notNull().default('pending'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** What the operator did: take_down, dismiss, warn or ban, with the reason. */
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('content_report_target_check', sql`${t.targetType} IN ('article', 'comment', 'user', 'drawing')`),
    index('content_report_list_idx').on(t.tenantId, t.status, t.createdAt.desc()),
    index('content_report_target_idx').on(t.tenantId, t.targetType, t.targetId),
  ],
);

/**
 * Who has already been counted for a work's reads or shares on a day (Asia/Shanghai): a logged-in reader by
 * uid, anyone else by a hash of their address. A read or share bumps the work's counter only when its row is
 * new, so reloading or sharing again the same day counts once. Rows older than two days are swept.
 */
export const articleCountedViews = pgTable(
  'article_counted_view',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'read' | 'share'>().notNull(),
    viewer: text('viewer').notNull(),
    day: text('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.kind, t.viewer, t.day] }),
    check('article_counted_view_kind_check', sql`${t.kind} IN ('read', 'share')`),
    index('article_counted_view_day_idx').on(t.day),
  ],
);

/**
 * Authors whose posts skip the new-account review (先审后发) whatever their count of posts: the seeded demo
 * accounts, and anyone an operator vouches for later. Everyone else is established by their published posts.
 */
export const publisherStanding = pgTable(
  'publisher_standing',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    establishedAt: timestamp('established_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
