import { z } from 'zod';
import { creationDeclarationSchema } from './ai-labels.js';
import { isAbsoluteMediaUrl, isOwnMediaPath } from './media-url.js';
import { pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';

/**
 * Content plaza: articles and posts, drafts, likes, comments, sharing, reports, history.
 *
 * - Text is markdown, stored and answered as plain text: the API never renders HTML; the web app renders it
 *   safely (no raw HTML). `summary` is a plain-text excerpt for cards.
 * - Anonymous callers list and read published works; a token (optional on the public endpoints) fills
 *   `liked`, `isMine` and hides authors the caller blocked (everywhere: lists, detail, comments).
 * - Drafts are visible only to their author. Publishing (add/update without `isDraft`) runs the text censor.
 *
 * Error ids: `content_sensitive` (400, `extras.words`: the sensitive words found, also named in the message),
 * `article_not_found` (404: missing, deleted, someone else's draft, taken down),
 * `article_author_blocked` (403: the reader blocked its author; `extras.authorId` to unblock them),
 * `real_name_required` (403: publishing needs an approved real name, app config idCardEnable and realNameToPublish),
 * `not_article_author` (403), `article_taken_down` (409: the author cannot edit a taken-down work),
 * `takedown_reason_required` (400: an operator taking down someone's work must give a reason),
 * `comment_not_found` (404 for `parentId`), `category_unknown` (400), `report_target_not_found` (404),
 * `cannot_report_self` (400), `article_empty` (400: publishing a work with no title, text, images or media),
 * `media_url_not_own` (400, field message on `images`, `cover` or `media`: an address not of our own storage),
 * `history_ids_or_all` (validation), `page_too_deep` (400: a numbered plaza page past PLAZA_PAGE_DEPTH_MAX works;
 * walk on with `cursor`), `cursor_invalid` (400: a cursor this list did not answer). Reporting the same target
 * twice while the first report is open answers
 * the first report's id.
 */

/** Plaza categories (tabs). 1 is the app config's `categoryId.article`; 2 is reserved for the robot category. */
export const ArticleCategory = { Article: 1, Post: 3, Drawing: 4, Video: 5 } as const;
export type ArticleCategory = (typeof ArticleCategory)[keyof typeof ArticleCategory];
/** Tabs in display order, with the i18n key of each label (`plaza.category.<key>`). */
export const PLAZA_CATEGORIES: readonly { id: ArticleCategory; key: string }[] = [
  { id: ArticleCategory.Article, key: 'article' },
  { id: ArticleCategory.Post, key: 'post' },
  { id: ArticleCategory.Drawing, key: 'drawing' },
  { id: ArticleCategory.Video, key: 'video' },
];
export const PLAZA_CATEGORY_IDS: readonly number[] = PLAZA_CATEGORIES.map((c) => c.id);

/** Spec §9 default share title (product name + slogan) used when a work has no title of its own. */
export const DEFAULT_SHARE_TITLE = 'AI创作家 · 一键生成AI文案和视频';
export const DEFAULT_SHARE_IMAGE = '/static/images/share.svg';
/** The landing page of a shared link (whitelisted; shows the work without login). */
export const SHARE_ROUTE = '/pages/detail/forward';

export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_CONTENT_MAX = 20000;
export const ARTICLE_IMAGES_MAX = 9;
/** Spec §9 input maxlength. */
export const COMMENT_MAX = 140;

/**
 * `pending`: waiting for an operator's review before the plaza shows it (先审后发; only its author sees it, as
 * 审核中); `rejected`: the review refused it (its author sees 未通过 and the reason).
 */
export const articleStatuses = ['draft', 'published', 'taken_down', 'pending', 'rejected'] as const;
export const articleStatusSchema = z.enum(articleStatuses);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/**
 * Image or media address of a work, loaded by every viewer's browser: only our own files. A site path of our
 * storage or static assets (checked here), or an absolute http(s) address, which the server accepts only when it
 * is under our storage's public base (S3_PUBLIC_URL; it refuses other hosts with `media_url_not_own`, 400).
 */
const mediaUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((url) => isOwnMediaPath(url) || isAbsoluteMediaUrl(url), 'media_url_not_own');

export const articleMediaSchema = z.object({
  type: z.enum(['image', 'audio', 'video']),
  url: mediaUrlSchema,
  /** Poster frame of a video, optional. */
  poster: mediaUrlSchema.nullish(),
  /** Duration in seconds of audio/video, optional. */
  duration: z.number().min(0).max(36000).nullish(),
});
export type ArticleMedia = z.infer<typeof articleMediaSchema>;

/** Who wrote a work or a comment (deleted accounts show the deleted-user name and the default avatar). */
export const authorSummarySchema = z.object({
  id: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
});
export type AuthorSummary = z.infer<typeof authorSummarySchema>;

/** A card in the plaza, the profile page, drafts and "liked" lists. */
export const articleListItemSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  /** Plain-text excerpt of the markdown (≤ 120 characters). */
  summary: z.string(),
  /** Cover image; when the author gave none, the first image (or null). */
  cover: z.string().nullable(),
  images: z.array(z.string()),
  media: articleMediaSchema.nullable(),
  author: authorSummarySchema,
  status: articleStatusSchema,
  isDraft: z.boolean(),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  shareCount: z.number().int().min(0),
  readCount: z.number().int().min(0),
  /** Whether the caller liked it (false without a token). */
  liked: z.boolean(),
  /** Whether the caller wrote it. */
  isMine: z.boolean(),
  /** 创作声明 the author chose (or null); `ai_generated` for every work made with our AI tools. */
  declaration: creationDeclarationSchema.nullable(),
  /** Made with our AI tools (its pictures, video or audio are ours, or its text carries the AI label): tagged "AI生成". */
  aiMade: z.boolean(),
  /** ISO instants; `publishTime` is null for drafts. */
  createTime: z.string(),
  updateTime: z.string(),
  publishTime: z.string().nullable(),
});
export type ArticleListItem = z.infer<typeof articleListItemSchema>;

/** The full work for `/pages/detail/article`, `/pages/detail/forward` and the edit page. */
export const articleDetailSchema = articleListItemSchema.extend({
  /** Markdown source, as written (never rendered to HTML by the server). */
  content: z.string(),
  /** Why an operator took it down or refused it in review (only for the author or an operator; null otherwise). */
  takedownReason: z.string().nullable(),
  /** Title to share with: the work's title, or DEFAULT_SHARE_TITLE (spec §9) when it has none. */
  shareTitle: z.string(),
  /** `${PUBLIC_BASE_URL}/#/pages/detail/forward?id=…` (relative when PUBLIC_BASE_URL is not set). */
  shareLink: z.string(),
  shareImage: z.string(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

const keywordSchema = z.string().trim().max(50);
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Plaza page. Filters combine:
 * - `categoryId`, `authorId` (a personal homepage), `keyword` (title or text contains, case-insensitive);
 * - `sort`: `newest` (publish time, default) or `hot` (most liked, then newest);
 * - `mine: true`: the caller's own works (published and taken down; needs a token);
 * - `drafts: true`: the caller's drafts, newest edit first (needs a token).
 * Authors the caller blocked never appear.
 */
/**
 * How deep numbered pages of the plaza list go: `page × pageSize` past it is refused (`page_too_deep`), since an
 * OFFSET walks every row before the page. Deeper works are reached with `cursor`.
 */
export const PLAZA_PAGE_DEPTH_MAX = 1000;

export const articlePageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
  categoryId: z.number().int().min(1).optional(),
  authorId: z.number().int().positive().optional(),
  keyword: keywordSchema.optional(),
  sort: z.enum(['newest', 'hot']).default('newest'),
  mine: z.boolean().optional(),
  drafts: z.boolean().optional(),
  /**
   * Keyset paging: the `nextCursor` of the previous page of the same list (same filters and sort). With it the
   * page continues right after the last work the caller saw, however deep, and `page` is only echoed back:
   * works published meanwhile never shift it (no repeats, no gaps). On `hot`, a work whose likes change while
   * the caller pages may move across the cursor (shown again, or passed); clients drop repeated ids.
   */
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type ArticlePageBody = z.input<typeof articlePageBodySchema>;

/**
 * A plaza page. `hasMore` and `nextCursor` (opaque; null at the end) are exact and are what a client pages by.
 * `total` is kept for the spec's callers but is no longer an exact count on every request: it is exact when the
 * list ends on this page, otherwise an estimate (a count of the list, without search and blocked authors,
 * remembered for up to a minute; for a keyword search, a lower bound: the works seen so far plus one).
 */
export const articlePageResultSchema = pagedSchema(articleListItemSchema).extend({
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ArticlePageResult = z.infer<typeof articlePageResultSchema>;

export const articleIdQuerySchema = z.object({ id: idSchema });
export const articleIdBodySchema = z.object({ id: z.number().int().positive() });

/**
 * Add: `isDraft: true` saves without publishing (no censor); otherwise the work is censored and published.
 * A published work needs a title, text, images or media (`article_empty` otherwise).
 */
export const articleAddBodySchema = z.object({
  /** Posts may have no title (cards then show the summary; shares use DEFAULT_SHARE_TITLE). */
  title: z.string().trim().max(ARTICLE_TITLE_MAX).default(''),
  content: z.string().max(ARTICLE_CONTENT_MAX).default(''),
  /** Default: the app config's `categoryId.article`. */
  categoryId: z.number().int().min(1).optional(),
  images: z.array(mediaUrlSchema).max(ARTICLE_IMAGES_MAX).default([]),
  cover: mediaUrlSchema.nullish(),
  media: articleMediaSchema.nullish(),
  isDraft: z.boolean().default(false),
  /** 创作声明; a work made with our AI tools is declared `ai_generated` whatever is sent. */
  declaration: creationDeclarationSchema.nullish(),
});
export type ArticleAddBody = z.input<typeof articleAddBodySchema>;

/**
 * Update (author only): replaces the given fields. `isDraft: false` publishes a draft (censored);
 * a published work stays published (censored again) unless `isDraft: true` takes it back to drafts.
 */
export const articleUpdateBodySchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().max(ARTICLE_TITLE_MAX).optional(),
  content: z.string().max(ARTICLE_CONTENT_MAX).optional(),
  categoryId: z.number().int().min(1).optional(),
  images: z.array(mediaUrlSchema).max(ARTICLE_IMAGES_MAX).optional(),
  cover: mediaUrlSchema.nullish(),
  media: articleMediaSchema.nullish(),
  isDraft: z.boolean().optional(),
  /** 创作声明 (null: none); a work made with our AI tools stays `ai_generated`. */
  declaration: creationDeclarationSchema.nullish(),
});
export type ArticleUpdateBody = z.input<typeof articleUpdateBodySchema>;

/** Delete: the author deletes their work; an operator (admin) takes someone's work down with a reason. */
export const articleDeleteBodySchema = z.object({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200).optional(),
});
export const articleDeleteResultSchema = z.object({
  id: z.number().int(),
  /** `deleted` (by the author) or `taken_down` (by an operator). */
  outcome: z.enum(['deleted', 'taken_down']),
});

export const articleShareResultSchema = z.object({
  id: z.number().int(),
  shareCount: z.number().int().min(0),
  shareTitle: z.string(),
  shareLink: z.string(),
  shareImage: z.string(),
});
export type ArticleShareResult = z.infer<typeof articleShareResultSchema>;

// ---- Likes ----

export const likeBodySchema = z.object({ articleId: z.number().int().positive() });
export const likeResultSchema = z.object({
  articleId: z.number().int(),
  liked: z.boolean(),
  likeCount: z.number().int().min(0),
});
export type LikeResult = z.infer<typeof likeResultSchema>;
/** The caller's liked works, most recently liked first. */
export const likePageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});
export const likedArticleSchema = articleListItemSchema.extend({ likeTime: z.string() });

// ---- Comments ----

export const commentSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  /** Top-level comment id of a reply; null for a top-level comment. */
  parentId: z.number().int().nullable(),
  /** Plain text (never HTML). */
  content: z.string(),
  author: authorSummarySchema,
  /** For a reply to a reply: whom it answers ("回复 @nickName"); null otherwise. */
  replyTo: authorSummarySchema.nullable(),
  isMine: z.boolean(),
  createTime: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = commentSchema.extend({
  /** Replies, oldest first (the first REPLIES_SHOWN; `replyCount` tells whether more exist). */
  replies: z.array(commentSchema),
  replyCount: z.number().int().min(0),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;
export const REPLIES_SHOWN = 50;

/** Top-level comments, newest first, each with its replies (one level deep). */
export const commentPageBodySchema = z.object({
  articleId: z.number().int().positive(),
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

/** A reply to a reply attaches to the top-level comment, with `replyTo` naming the replied-to author. */
export const commentAddBodySchema = z.object({
  articleId: z.number().int().positive(),
  content: z.string().trim().min(1).max(COMMENT_MAX),
  parentId: z.number().int().positive().optional(),
});

// ---- Reports ----

/**
 * What can be reported: a plaza work, a comment, a user, or an AI drawing (`targetId` is the drawing task's id;
 * the reporter must be able to see it: published in the works hall, or their own).
 */
export const reportTargetTypes = ['article', 'comment', 'user', 'drawing'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportStatuses = ['pending', 'resolved', 'rejected'] as const;
export const reportAddBodySchema = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: z.number().int().positive(),
  reason: z.string().trim().min(1).max(50),
  detail: z.string().trim().max(500).optional(),
});
export const reportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.number().int(),
  reason: z.string(),
  detail: z.string().nullable(),
  status: z.enum(reportStatuses),
  reporter: authorSummarySchema,
  /** What the target shows (title, comment text, nickname, or a drawing's title or prompt) at list time; null if it is gone. */
  targetText: z.string().nullable(),
  createTime: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportPageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  status: z.enum(reportStatuses).optional(),
  targetType: z.enum(reportTargetTypes).optional(),
});

// ---- History ----

/** `read`: works the user opened; `generated`: what the user made with AI (other modules add these rows). */
export const historyKinds = ['read', 'generated'] as const;
export const historyItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(historyKinds),
  /** What it points at: `article`, or a generated kind such as `copy`, `drawing`, `video`, `dub`. */
  refType: z.string(),
  refId: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  /** In-app route to open it, e.g. `/pages/detail/article?id=3`. */
  link: z.string().nullable(),
  /** Last time it was read or generated. */
  time: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyPageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  kind: z.enum(historyKinds).optional(),
});
/** Removes the given entries, or all (optionally of one kind). */
export const historyDeleteBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500).optional(),
    all: z.boolean().optional(),
    kind: z.enum(historyKinds).optional(),
  })
  .refine((b) => !!b.ids !== !!b.all, { message: 'history_ids_or_all', path: ['ids'] });

const idResultSchema = z.object({ id: z.number().int() });
/** A saved work: its id and where it stands (`pending`: waiting for review before the plaza shows it). */
export const savedArticleSchema = z.object({ id: z.number().int(), status: articleStatusSchema });
export type SavedArticle = z.infer<typeof savedArticleSchema>;

export const plazaEndpoints = {
  articlePage: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/page',
    auth: 'public',
    tag: 'plaza',
    summary: 'Plaza works, paged: category, author, keyword, newest or hot; mine / drafts for the caller',
    body: articlePageBodySchema,
    result: articlePageResultSchema,
  }),
  articleDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysArticle/detail',
    auth: 'public',
    tag: 'plaza',
    summary: 'One work (drafts only for their author); records a read in the caller history',
    query: articleIdQuerySchema,
    result: articleDetailSchema,
  }),
  articleAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/add',
    auth: 'user',
    tag: 'plaza',
    summary: 'Publishes a work (text censored; it may wait for review) or saves a draft; answers its id and status',
    body: articleAddBodySchema,
    result: savedArticleSchema,
  }),
  articleUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/update',
    auth: 'user',
    tag: 'plaza',
    summary: 'Edits the caller own work; publishing a draft runs the censor',
    body: articleUpdateBodySchema,
    result: savedArticleSchema,
  }),
  articleDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/delete',
    auth: 'user',
    tag: 'plaza',
    summary: 'The author deletes a work; an operator takes it down with a reason',
    body: articleDeleteBodySchema,
    result: articleDeleteResultSchema,
  }),
  articleShare: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/share',
    auth: 'public',
    tag: 'plaza',
    summary: 'Counts a share; answers the share link, title and image',
    body: articleIdBodySchema,
    result: articleShareResultSchema,
  }),
  likeAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysLikeRecord/add',
    auth: 'user',
    tag: 'plaza',
    summary: 'Likes a work (idempotent); the author is notified',
    body: likeBodySchema,
    result: likeResultSchema,
  }),
  likeCancel: defineEndpoint({
    method: 'POST',
    path: '/api/sysLikeRecord/cancelLike',
    auth: 'user',
    tag: 'plaza',
    summary: 'Takes a like back (idempotent)',
    body: likeBodySchema,
    result: likeResultSchema,
  }),
  likePage: defineEndpoint({
    method: 'POST',
    path: '/api/sysLikeRecord/page',
    auth: 'user',
    tag: 'plaza',
    summary: 'The works the caller liked, most recent like first',
    body: likePageBodySchema,
    result: pagedSchema(likedArticleSchema),
  }),
  commentPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysComment/page',
    auth: 'public',
    tag: 'plaza',
    summary: 'Top-level comments of a work, newest first, each with its replies',
    body: commentPageBodySchema,
    result: pagedSchema(commentThreadSchema),
  }),
  commentAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysComment/add',
    auth: 'user',
    tag: 'plaza',
    summary: 'Comments on a work or replies (one level deep); censored; notifies the author',
    body: commentAddBodySchema,
    result: commentSchema,
  }),
  reportAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysReport/add',
    auth: 'user',
    tag: 'plaza',
    summary: 'Reports a work, a comment, a user or an AI drawing to the operators',
    body: reportAddBodySchema,
    result: idResultSchema,
  }),
  reportPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysReport/page',
    auth: 'admin',
    tag: 'plaza',
    summary: 'Reports for operators, newest first',
    body: reportPageBodySchema,
    result: pagedSchema(reportSchema),
  }),
  historyPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysHistory/page',
    auth: 'user',
    tag: 'plaza',
    summary: 'What the caller read (and generated), most recent first',
    body: historyPageBodySchema,
    result: pagedSchema(historyItemSchema),
  }),
  historyDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysHistory/delete',
    auth: 'user',
    tag: 'plaza',
    summary: 'Removes history entries (given ids, or all of a kind)',
    body: historyDeleteBodySchema,
    result: z.object({ deleted: z.number().int().min(0) }),
  }),
};
