import {
  DEFAULT_SHARE_IMAGE,
  DEFAULT_SHARE_TITLE,
  PLAZA_CATEGORY_IDS,
  SHARE_ROUTE,
  type ArticleDetail,
  type ArticleListItem,
  type ArticleMedia,
  type Comment,
  type CommentThread,
  type LikeResult,
} from '@app/contract';
import './plaza.messages.js';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { cachedAnswer, type CachedAnswer } from '../../platform/http/etag.js';
import { recordHistory } from '../history/index.js';
import type { PlazaDeps } from './plaza.deps.js';
import { authorSummary } from '../../platform/identity/author.js';
import {
  createPlazaRepository,
  READ_COUNT_BUMP,
  type ArticleCardRow,
  type ArticleDetailRow,
} from './plaza.repository.js';

/** Who is asking: uid 0 for anonymous callers and guests. */
export interface Viewer {
  uid: number;
  isAdmin: boolean;
  /** Who counts once a day for reads and shares: `u:<uid>`, or a hash of an anonymous caller's address. */
  countAs?: string;
}

const SUMMARY_LENGTH = 120;

/** A plain-text excerpt of markdown for cards: markup, links' targets and images are dropped. */
export const markdownSummary = (markdown: string): string =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`|]+/g, '')
    .replace(/^\s*-{3,}\s*$/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUMMARY_LENGTH);

const coverOf = (row: { cover: string | null; images: string[]; media: ArticleMedia | null }) =>
  row.cover ?? row.images[0] ?? (row.media?.type === 'image' ? row.media.url : (row.media?.poster ?? null));

const toCard = (row: ArticleCardRow, viewerId: number): ArticleListItem => ({
  id: row.id,
  categoryId: row.categoryId,
  title: row.title,
  summary: row.summary,
  cover: coverOf(row),
  images: row.images,
  media: row.media ?? null,
  author: authorSummary({
    id: row.userId,
    nickName: row.authorNickName,
    avatar: row.authorAvatar,
    phone: row.authorPhone,
    deletedAt: row.authorDeletedAt,
  }),
  status: row.status,
  isDraft: row.status === 'draft',
  likeCount: row.likeCount,
  commentCount: row.commentCount,
  shareCount: row.shareCount,
  readCount: row.readCount,
  liked: viewerId > 0 && !!row.liked,
  isMine: viewerId > 0 && row.userId === viewerId,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
  publishTime: row.publishedAt?.toISOString() ?? null,
});

export interface PlazaServiceDeps {
  db: Db;
  clock: Clock;
  deps: PlazaDeps;
  /** PUBLIC_BASE_URL: share links are absolute when set. */
  publicBaseUrl?: string;
  cache: MemoryCache;
}

/** The plaza's first pages are answered from memory (later pages, searches and profiles from the database). */
const CACHED_PAGES = 5;

interface PublicPage {
  items: ArticleListItem[];
  total: number;
}

export interface ArticlePage extends PublicPage {
  page: number;
  pageSize: number;
}

export interface ArticlePageQuery {
  page: number;
  pageSize: number;
  categoryId?: number;
  authorId?: number;
  keyword?: string;
  sort: 'newest' | 'hot';
  mine?: boolean;
  drafts?: boolean;
}

/** A caller's answer of a cached page: serialized (and compressed) once while the page and their likes hold. */
interface CallerPage {
  page: PublicPage;
  liked: Set<number>;
  answer: CachedAnswer<ArticlePage>;
}

export const createPlazaService = ({ db, clock, deps, publicBaseUrl, cache }: PlazaServiceDeps) => {
  const repo = createPlazaRepository(db);
  cache.ignoreWrites(READ_COUNT_BUMP);
  /** True the first time today this viewer reads (or shares) the work; a caller with no key always counts. */
  const countedOnce = (articleId: number, kind: 'read' | 'share', viewer: Viewer) =>
    viewer.countAs
      ? repo.countOnce(articleId, kind, viewer.countAs, shanghaiDate(clock.now()))
      : Promise.resolve(true);
  // The public part of the first pages (what an anonymous reader sees), until a work or one of the listed
  // authors changes; each caller's like state and block list are merged per request.
  const publicPages = cache.area<PublicPage>({
    tables: ['article', 'app_user'],
    keysForRow: (table, id, remembered) => {
      if (table !== 'app_user') return undefined;
      const authorId = Number(id);
      return [...remembered]
        .filter(([, page]) => page.items.some((item) => item.author.id === authorId))
        .map(([key]) => key);
    },
    maxEntries: 500,
  });
  const blockLists = cache.area<number[]>({ tables: ['user_block'], maxEntries: 10_000 });
  // Which works of a cached page each caller liked, until anyone's like changes or the page is refreshed.
  // Each caller's answer of a cached page (their like state and `isMine` merged in), until anyone's like
  // changes or the public page is refreshed. An anonymous reader's answer is shared (uid 0).
  const callerPages = cache.area<CallerPage>({ tables: ['article_like'], maxEntries: 2_000 });
  const callerPageOf = async (
    tenantId: number,
    uid: number,
    pageKey: string,
    page: PublicPage,
    query: ArticlePageQuery,
  ): Promise<CallerPage> => {
    const key = `${uid}:${pageKey}`;
    if (callerPages.peek(key)?.page !== page) callerPages.forget(key);
    return callerPages.get(key, async () => {
      const liked = new Set(
        uid > 0
          ? await repo.likedAmong(
              tenantId,
              uid,
              page.items.map((item) => item.id),
            )
          : [],
      );
      return {
        page,
        liked,
        answer: cachedAnswer({
          items: page.items.map((item) => ({
            ...item,
            liked: liked.has(item.id),
            isMine: uid > 0 && item.author.id === uid,
          })),
          total: page.total,
          page: query.page,
          pageSize: query.pageSize,
        }),
      };
    });
  };
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  const shareLinkOf = (id: number) => `${base}/#${SHARE_ROUTE}?id=${id}`;
  const shareTitleOf = (title: string) => title.trim() || DEFAULT_SHARE_TITLE;
  const blockedFor = (tenantId: number, viewer: Viewer) =>
    viewer.uid > 0 ? deps.blockedAuthorIds(db, tenantId, viewer.uid) : Promise.resolve([]);

  /** Publishing rule: no sensitive word in the title or the text; the error names the words found. */
  const assertClean = async (tenantId: number, title: string, content: string) => {
    const words = await deps.findSensitiveWords(tenantId, `${title}\n${content}`);
    if (words.length) throw badRequest('content_sensitive', { words: words.join('、') });
  };

  const assertCategory = (categoryId: number) => {
    if (!PLAZA_CATEGORY_IDS.includes(categoryId)) throw badRequest('category_unknown');
  };

  /**
   * Who may see a work: everyone when published (unless they blocked its author), its author always,
   * operators also when taken down. Everything else is "not found", so drafts stay secret.
   */
  const visibleArticle = async (tenantId: number, id: number, viewer: Viewer): Promise<ArticleDetailRow> => {
    const row = await repo.findArticle(tenantId, id, viewer.uid);
    if (!row || row.deletedAt) throw notFound('article_not_found');
    const isAuthor = viewer.uid > 0 && row.userId === viewer.uid;
    if (isAuthor) return row;
    if (row.status === 'draft') throw notFound('article_not_found');
    if (row.status === 'taken_down' && !viewer.isAdmin) throw notFound('article_not_found');
    if (viewer.uid > 0 && (await blockedFor(tenantId, viewer)).includes(row.userId)) {
      throw notFound('article_not_found');
    }
    return row;
  };

  const publishedArticle = async (tenantId: number, id: number, viewer: Viewer) => {
    const row = await visibleArticle(tenantId, id, viewer);
    if (row.status !== 'published') throw notFound('article_not_found');
    return row;
  };

  const hasBody = (v: { title: string; content: string; images: string[]; media: ArticleMedia | null }) =>
    !!(v.title.trim() || v.content.trim() || v.images.length || v.media);

  /**
   * The prepared answer of one of the plaza's first pages (no search, no author filter, no blocked author),
   * from memory once warm; null for any other page (ask `page`).
   */
  const cachedPage = async (
    tenantId: number,
    viewer: Viewer,
    query: ArticlePageQuery,
  ): Promise<CachedAnswer<ArticlePage> | null> => {
    if (query.drafts || query.mine || query.keyword || query.authorId || query.page > CACHED_PAGES)
      return null;
    if (viewer.uid > 0) {
      const blocked = await blockLists.get(`${tenantId}:${viewer.uid}`, () => blockedFor(tenantId, viewer));
      if (blocked.length) return null;
    }
    const key = `${tenantId}:${query.page}:${query.pageSize}:${query.categoryId ?? 0}:${query.sort}`;
    const page = await publicPages.get(key, async () => {
      const { rows, total } = await repo.listArticles(tenantId, {
        ...query,
        keyword: undefined,
        scope: 'plaza',
        viewerId: 0,
        blocked: [],
      });
      return { items: rows.map((row) => toCard(row, 0)), total };
    });
    return (await callerPageOf(tenantId, viewer.uid, key, page, query)).answer;
  };

  return {
    cachedPage,

    async page(tenantId: number, viewer: Viewer, query: ArticlePageQuery): Promise<ArticlePage> {
      const scope = query.drafts ? 'drafts' : query.mine ? 'mine' : 'plaza';
      if (scope !== 'plaza' && viewer.uid <= 0) throw unauthorized();
      const cached = await cachedPage(tenantId, viewer, query);
      if (cached) return cached.value;
      const blocked =
        scope === 'plaza' && viewer.uid > 0
          ? await blockLists.get(`${tenantId}:${viewer.uid}`, () => blockedFor(tenantId, viewer))
          : [];
      const { rows, total } = await repo.listArticles(tenantId, {
        ...query,
        keyword: query.keyword || undefined,
        scope,
        viewerId: viewer.uid,
        blocked,
      });
      return {
        items: rows.map((row) => toCard(row, viewer.uid)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One work; a logged-in reader's visit is recorded in their history and counted. */
    async detail(tenantId: number, viewer: Viewer, id: number): Promise<ArticleDetail> {
      const row = await visibleArticle(tenantId, id, viewer);
      const isAuthor = viewer.uid > 0 && row.userId === viewer.uid;
      const card = toCard(row, viewer.uid);
      if (row.status === 'published') {
        if (!isAuthor && (await countedOnce(row.id, 'read', viewer))) {
          await repo.bumpRead(row.id);
          card.readCount += 1;
        }
        await recordHistory(db, {
          tenantId,
          userId: viewer.uid,
          kind: 'read',
          refType: 'article',
          refId: row.id,
          title: row.title || row.summary || DEFAULT_SHARE_TITLE,
          cover: card.cover,
          link: `/pages/detail/article?id=${row.id}`,
          now: clock.now(),
        });
      }
      return {
        ...card,
        content: row.content,
        takedownReason: isAuthor || viewer.isAdmin ? row.takedownReason : null,
        shareTitle: shareTitleOf(row.title),
        shareLink: shareLinkOf(row.id),
        shareImage: card.cover ?? DEFAULT_SHARE_IMAGE,
      };
    },

    async add(
      tenantId: number,
      uid: number,
      body: {
        title: string;
        content: string;
        categoryId?: number;
        images: string[];
        cover?: string | null;
        media?: ArticleMedia | null;
        isDraft: boolean;
      },
    ) {
      const categoryId = body.categoryId ?? (await deps.defaultCategoryId(db, tenantId));
      assertCategory(categoryId);
      const media = body.media ?? null;
      if (!body.isDraft) {
        if (!hasBody({ ...body, media })) throw badRequest('article_empty');
        await assertClean(tenantId, body.title, body.content);
      }
      const now = clock.now();
      const id = await repo.insertArticle({
        tenantId,
        userId: uid,
        categoryId,
        title: body.title,
        content: body.content,
        summary: markdownSummary(body.content),
        cover: body.cover ?? null,
        images: body.images,
        media,
        status: body.isDraft ? 'draft' : 'published',
        publishedAt: body.isDraft ? null : now,
        createdAt: now,
        updatedAt: now,
      });
      return { id };
    },

    async update(
      tenantId: number,
      uid: number,
      body: {
        id: number;
        title?: string;
        content?: string;
        categoryId?: number;
        images?: string[];
        cover?: string | null;
        media?: ArticleMedia | null;
        isDraft?: boolean;
      },
    ) {
      return db.transaction(async (tx) => {
        const txRepo = createPlazaRepository(tx);
        const row = await txRepo.articleForChange(tenantId, body.id);
        if (!row || row.deletedAt) throw notFound('article_not_found');
        if (row.userId !== uid) {
          // Someone else's draft does not exist for the caller; a published work exists but is not theirs.
          if (row.status === 'draft') throw notFound('article_not_found');
          throw forbidden('not_article_author');
        }
        if (row.status === 'taken_down') throw new AppError(409, 'article_taken_down');
        if (body.categoryId !== undefined) assertCategory(body.categoryId);
        const current = (await txRepo.findArticle(tenantId, body.id, uid))!;
        const next = {
          title: body.title ?? current.title,
          content: body.content ?? current.content,
          images: body.images ?? current.images,
          media: body.media === undefined ? current.media : body.media,
        };
        const status = body.isDraft === undefined ? row.status : body.isDraft ? 'draft' : 'published';
        if (status === 'published') {
          if (!hasBody(next)) throw badRequest('article_empty');
          await assertClean(tenantId, next.title, next.content);
        }
        const now = clock.now();
        await txRepo.updateArticle(tenantId, body.id, {
          title: next.title,
          content: next.content,
          summary: markdownSummary(next.content),
          images: next.images,
          media: next.media,
          ...(body.cover !== undefined ? { cover: body.cover } : {}),
          ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
          status,
          publishedAt: status === 'published' ? (row.publishedAt ?? now) : row.publishedAt,
          updatedAt: now,
        });
        return { id: body.id };
      });
    },

    /** The author deletes; an operator takes someone else's work down, with a reason. */
    async remove(tenantId: number, viewer: Viewer, id: number, reason?: string) {
      return db.transaction(async (tx) => {
        const txRepo = createPlazaRepository(tx);
        const row = await txRepo.articleForChange(tenantId, id);
        if (!row || row.deletedAt) throw notFound('article_not_found');
        const now = clock.now();
        if (row.userId === viewer.uid) {
          await txRepo.updateArticle(tenantId, id, { deletedAt: now, updatedAt: now });
          return { id, outcome: 'deleted' as const };
        }
        if (!viewer.isAdmin) {
          if (row.status === 'draft') throw notFound('article_not_found');
          throw forbidden('not_article_author');
        }
        if (!reason) throw badRequest('takedown_reason_required');
        await txRepo.updateArticle(tenantId, id, {
          status: 'taken_down',
          takedownReason: reason,
          takenDownBy: viewer.uid,
          updatedAt: now,
        });
        return { id, outcome: 'taken_down' as const };
      });
    },

    /** Forgets who was counted for reads and shares before `day` (YYYY-MM-DD, Asia/Shanghai). */
    sweepCountedViews: (day: string) => repo.sweepCountedViews(day),

    async share(tenantId: number, viewer: Viewer, id: number) {
      const row = await publishedArticle(tenantId, id, viewer);
      const shareCount = (await countedOnce(id, 'share', viewer))
        ? ((await repo.bumpShare(tenantId, id)) ?? row.shareCount)
        : row.shareCount;
      return {
        id,
        shareCount,
        shareTitle: shareTitleOf(row.title),
        shareLink: shareLinkOf(id),
        shareImage: coverOf(row) ?? DEFAULT_SHARE_IMAGE,
      };
    },

    // ---- likes ----

    async like(tenantId: number, uid: number, articleId: number): Promise<LikeResult> {
      const row = await publishedArticle(tenantId, articleId, { uid, isAdmin: false });
      const outcome = await db.transaction((tx) =>
        createPlazaRepository(tx).like(tenantId, articleId, uid, clock.now()),
      );
      if (outcome.added && row.userId !== uid) {
        const liker = await repo.userSummary(tenantId, uid);
        await deps.notify({
          tenantId,
          userId: row.userId,
          type: 'like',
          title: `${liker?.nickName ?? '用户'} 赞了你的作品`,
          content: row.title || row.summary,
          link: `/pages/detail/article?id=${articleId}`,
          data: { articleId },
          senderId: uid,
        });
      }
      return { articleId, liked: true, likeCount: outcome.likeCount };
    },

    async cancelLike(tenantId: number, uid: number, articleId: number): Promise<LikeResult> {
      const row = await repo.findArticle(tenantId, articleId, uid);
      if (!row || row.deletedAt) throw notFound('article_not_found');
      const outcome = await db.transaction((tx) => createPlazaRepository(tx).unlike(articleId, uid));
      return { articleId, liked: false, likeCount: outcome.likeCount };
    },

    async likedPage(tenantId: number, uid: number, body: { page: number; pageSize: number }) {
      const blocked = await deps.blockedAuthorIds(db, tenantId, uid);
      const { rows, total } = await repo.likedArticles(tenantId, uid, body.page, body.pageSize, blocked);
      return {
        items: rows.map((row) => ({ ...toCard(row, uid), likeTime: row.likeTime.toISOString() })),
        total,
        page: body.page,
        pageSize: body.pageSize,
      };
    },

    // ---- comments ----

    async comments(
      tenantId: number,
      viewer: Viewer,
      body: { articleId: number; page: number; pageSize: number },
    ) {
      await visibleArticle(tenantId, body.articleId, viewer);
      const blocked = await blockedFor(tenantId, viewer);
      const { rows, total } = await repo.topComments(body.articleId, body.page, body.pageSize, blocked);
      const replies = await repo.replies(
        rows.map((r) => r.id),
        blocked,
      );
      const mine = (userId: number) => viewer.uid > 0 && userId === viewer.uid;
      const byParent = new Map<number, { list: Comment[]; total: number }>();
      for (const r of replies) {
        const entry = byParent.get(r.parentId!) ?? { list: [], total: r.total };
        entry.list.push({
          id: r.id,
          articleId: r.articleId,
          parentId: r.parentId,
          content: r.content,
          author: authorSummary({
            id: r.userId,
            nickName: r.authorNickName,
            avatar: r.authorAvatar,
            phone: r.authorPhone,
            deletedAt: r.authorDeletedAt,
          }),
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
        author: authorSummary({
          id: r.userId,
          nickName: r.authorNickName,
          avatar: r.authorAvatar,
          phone: r.authorPhone,
          deletedAt: r.authorDeletedAt,
        }),
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
      tenantId: number,
      uid: number,
      body: { articleId: number; content: string; parentId?: number },
    ): Promise<Comment> {
      const viewer = { uid, isAdmin: false };
      const article = await publishedArticle(tenantId, body.articleId, viewer);
      let parentId: number | null = null;
      let replyTo: { userId: number } | null = null;
      let parentAuthorId: number | null = null;
      if (body.parentId) {
        const parent = await repo.findComment(tenantId, body.parentId);
        if (!parent || parent.articleId !== body.articleId) throw notFound('comment_not_found');
        if ((await blockedFor(tenantId, viewer)).includes(parent.userId)) throw notFound('comment_not_found');
        parentId = parent.parentId ?? parent.id;
        if (parent.parentId) replyTo = { userId: parent.userId };
        parentAuthorId = parent.userId;
      }
      const words = await deps.findSensitiveWords(tenantId, body.content);
      if (words.length) throw badRequest('content_sensitive', { words: words.join('、') });
      const now = clock.now();
      const id = await db.transaction((tx) =>
        createPlazaRepository(tx).insertComment({
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
          title:
            userId === article.userId
              ? `${author.nickName} 评论了你的作品`
              : `${author.nickName} 回复了你的评论`,
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

export type PlazaService = ReturnType<typeof createPlazaService>;
