import {
  type endpoints,
  type ParsedBodyOf,
  DEFAULT_SHARE_IMAGE,
  DEFAULT_SHARE_TITLE,
  PLAZA_CATEGORY_IDS,
  SHARE_ROUTE,
  type ArticleDetail,
  type ArticleListItem,
  type ArticleMedia,
  type ArticlePageResult,
  PLAZA_PAGE_DEPTH_MAX,
} from '@app/contract';
import './plaza.messages.js';
import type { Actor } from '../../platform/audit/audit.js';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { fieldError } from '../../platform/errors.js';
import { cachedAnswer, type CachedAnswer } from '../../platform/http/etag.js';
import { recordHistory } from '../history/index.js';
import type { PlazaDeps } from './plaza.deps.js';
import { createArticleAccess } from './article-access.js';
import { coverOf, markdownSummary, toCard, type Viewer } from './article-view.js';
import { createPlazaComments } from './plaza-comments.js';
import { createPlazaLikes } from './plaza-likes.js';
import {
  COUNTER_BUMP,
  READ_COUNT_BUMP,
  createPlazaRepository,
  listOrder,
  type ArticleCounters,
  type ArticleListFilter,
} from './plaza.repository.js';
import { decodeCursor, encodeCursor, type ListPosition } from './plaza-cursor.js';
import { createEstimates } from './estimates.js';

export { markdownSummary, type Viewer } from './article-view.js';

export interface PlazaServiceDeps {
  db: Db;
  clock: Clock;
  deps: PlazaDeps;
  /** PUBLIC_BASE_URL: share links are absolute when set. */
  publicBaseUrl?: string;
  cache: MemoryCache;
  /**
   * An operator's take-down of someone else's work: moderation's one command (status, unpin, audit row and the
   * author's notice), the same from this path as from the console.
   */
  takeDown: (actor: Actor, id: number, reason: string) => Promise<unknown>;
}

/**
 * Every numbered plaza page within the depth cap (PLAZA_PAGE_DEPTH_MAX works) is answered from memory once warm:
 * a deep numbered page costs an OFFSET walk of up to a thousand index entries, so it is read once, not per
 * request. Searches, profiles and cursor walks come from the database.
 */
const CACHED_PAGE_ENTRIES = 2_000;
/** A cached hot page's order drifts with likes, which notify no page: it is read again after this. */
const PAGE_MAX_AGE_MS = 30_000;
/** How long a list's estimated total is used before it is counted again (in the background). */
const TOTAL_MAX_AGE_MS = 60_000;

/** The public part of a page (what an anonymous reader sees but the counters, merged per request). */
interface PublicPage {
  /** Which load of the page this is (per-caller values of a page are remembered per load). */
  generation: number;
  items: ArticleListItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

export type ArticlePage = ArticlePageResult;

/** A list as callers ask for it: the repository's filter with the scope as two flags, the viewer aside. */
export interface ArticlePageQuery extends Omit<ArticleListFilter, 'scope' | 'viewerId' | 'blocked'> {
  mine?: boolean;
  drafts?: boolean;
  cursor?: string;
}

/**
 * A caller's answer of a cached page: serialized (and compressed) once, and used again while the page, its
 * counters, the caller's likes among it and the total are what they were.
 */
interface CallerPage {
  page: PublicPage;
  fingerprint: string;
  answer: CachedAnswer<ArticlePage>;
}

export const createPlazaService = ({ db, clock, deps, publicBaseUrl, cache, takeDown }: PlazaServiceDeps) => {
  const repo = createPlazaRepository(db);
  cache.ignoreWrites(READ_COUNT_BUMP);
  cache.writesAs(COUNTER_BUMP, 'article_counter');
  /** True the first time today this viewer reads (or shares) the work; a caller with no key always counts. */
  const countedOnce = (articleId: number, kind: 'read' | 'share', viewer: Viewer) =>
    viewer.countAs
      ? repo.countOnce(articleId, kind, viewer.countAs, shanghaiDate(clock.now()))
      : Promise.resolve(true);
  // The public part of the first pages (what an anonymous reader sees, counters aside), until a work or one of
  // the listed authors changes (a counter is no change: migration 0027, COUNTER_BUMP). The hot order follows
  // likes, which change no page: its pages are read again after PAGE_MAX_AGE_MS. Concurrent misses share one load.
  const pageArea = (maxAgeMs?: number) =>
    cache.area<PublicPage>({
      tables: ['article', 'app_user'],
      keysForRow: (table, id, remembered) => {
        if (table !== 'app_user') return undefined;
        const authorId = Number(id);
        return [...remembered]
          .filter(([, page]) => page.items.some((item) => item.author.id === authorId))
          .map(([key]) => key);
      },
      maxEntries: CACHED_PAGE_ENTRIES,
      maxAgeMs,
    });
  const newestPages = pageArea();
  const hotPages = pageArea(PAGE_MAX_AGE_MS);
  const blockLists = cache.area<number[]>({ tables: ['user_block'], maxEntries: 10_000 });
  // Each work's counters, until they change (`article_counter:<id>` from any process; this process's own
  // counter writes forget them all at once, not knowing which work).
  const counters = cache.area<ArticleCounters>({
    tables: ['article_counter'],
    keysForRow: (_table, id) => [id],
    maxEntries: 20_000,
  });
  // Each caller's liked works among a cached page, until their likes change (`article_like:<uid>`).
  const likedSets = cache.area<Set<number>>({
    tables: ['article_like'],
    keysForRow: (_table, uid, remembered) =>
      [...remembered.keys()].filter((key) => key.startsWith(`${uid}:`)),
    maxEntries: 5_000,
  });
  let generation = 0;
  const callerPages = new Map<string, CallerPage>();
  const CALLER_PAGES_MAX = 2_000;
  const totals = createEstimates(TOTAL_MAX_AGE_MS, 10_000);

  /**
   * `total` without counting on every request: exact when a numbered page ends the list, otherwise the list's
   * count remembered for a minute (counted again in the background once older; searches are not counted:
   * the works seen so far and one more).
   */
  const totalOf = async (
    tenantId: number,
    filter: ArticleListFilter,
    numbered: boolean,
    shown: number,
    hasMore: boolean,
  ): Promise<number> => {
    const before = numbered ? (filter.page - 1) * filter.pageSize : 0;
    // A numbered page that ends the list (or finds it empty) knows its length.
    if (numbered && !hasMore && (shown > 0 || before === 0)) return before + shown;
    const seen = shown > 0 ? before + shown + (hasMore ? 1 : 0) : 0;
    if (filter.keyword) return seen;
    const key = [
      tenantId,
      filter.scope,
      filter.scope === 'plaza' ? 0 : filter.viewerId,
      filter.categoryId ?? 0,
      filter.authorId ?? 0,
    ].join(':');
    return Math.max(seen, await totals.get(key, () => repo.countList(tenantId, filter)));
  };

  /** Parses the caller's cursor for this list; refuses a numbered page deeper than PLAZA_PAGE_DEPTH_MAX. */
  const positionOf = (filter: ArticleListFilter, cursor: string | undefined): ListPosition | undefined => {
    if (cursor) return decodeCursor(cursor, listOrder(filter));
    if (filter.page * filter.pageSize > PLAZA_PAGE_DEPTH_MAX)
      throw badRequest('page_too_deep', { max: PLAZA_PAGE_DEPTH_MAX });
    return undefined;
  };

  /**
   * The current counters of a page's works: from memory, the missing ones read in one query by primary key
   * (each remembered unless its work's counters changed meanwhile).
   */
  const countersOfPage = async (tenantId: number, ids: number[]) => {
    const found = new Map<number, ArticleCounters>();
    const missing: number[] = [];
    for (const id of ids) {
      const known = counters.peek(String(id));
      if (known) found.set(id, known);
      else missing.push(id);
    }
    if (missing.length) {
      // One query for every key whose get loads (none when each joins a load under way); each get starts
      // before the batch answers, so a change heard meanwhile keeps its value from being kept.
      let batch: ReturnType<typeof repo.countersOf> | undefined;
      const loaded = await Promise.all(
        missing.map((id) =>
          counters.get(String(id), async () => {
            batch ??= repo.countersOf(tenantId, missing);
            return (await batch).get(id) as ArticleCounters;
          }),
        ),
      );
      missing.forEach((id, i) => {
        if (loaded[i]) found.set(id, loaded[i]);
      });
    }
    return found;
  };

  /** The caller's liked works among a cached page: from memory until their likes change. */
  const likedOnPage = async (tenantId: number, uid: number, key: string, page: PublicPage) => {
    if (uid <= 0) return new Set<number>();
    return likedSets.get(`${key}:${page.generation}`, () =>
      repo.likedAmong(
        tenantId,
        uid,
        page.items.map((item) => item.id),
      ),
    );
  };

  const callerPageOf = async (
    tenantId: number,
    uid: number,
    pageKey: string,
    page: PublicPage,
    query: ArticlePageQuery,
    filter: ArticleListFilter,
  ): Promise<CallerPage> => {
    const ids = page.items.map((item) => item.id);
    const key = `${uid}:${pageKey}`;
    const [counted, liked, total] = await Promise.all([
      countersOfPage(tenantId, ids),
      likedOnPage(tenantId, uid, key, page),
      totalOf(tenantId, filter, true, page.items.length, page.hasMore),
    ]);
    const fingerprint = JSON.stringify([
      page.generation,
      total,
      ids.map((id) => {
        const c = counted.get(id);
        return c ? [c.likeCount, c.commentCount, c.shareCount, c.readCount, liked.has(id)] : null;
      }),
    ]);
    const known = callerPages.get(key);
    if (known && known.page === page && known.fingerprint === fingerprint) return known;
    const fresh: CallerPage = {
      page,
      fingerprint,
      answer: cachedAnswer({
        items: page.items.map((item) => ({
          ...item,
          ...counted.get(item.id),
          // Reads are counted silently (migration 0021): whichever of the page and the counters was read
          // later has the larger count.
          readCount: Math.max(item.readCount, counted.get(item.id)?.readCount ?? 0),
          liked: liked.has(item.id),
          isMine: uid > 0 && item.author.id === uid,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      }),
    };
    callerPages.delete(key);
    if (callerPages.size >= CALLER_PAGES_MAX) callerPages.delete(callerPages.keys().next().value!);
    callerPages.set(key, fresh);
    return fresh;
  };
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  const shareLinkOf = (id: number) => `${base}/#${SHARE_ROUTE}?id=${id}`;
  const shareTitleOf = (title: string) => title.trim() || DEFAULT_SHARE_TITLE;
  const access = createArticleAccess({ db, deps, repo });
  const { blockedFor, visibleArticle, publishedArticle } = access;

  /** Publishing rule: no sensitive word in the title or the text; the error names the words found. */
  const assertClean = async (tenantId: number, title: string, content: string) => {
    const words = await deps.findSensitiveWords(tenantId, `${title}\n${content}`);
    if (words.length) throw badRequest('content_sensitive', { words: words.join('、') });
  };

  /** Publishing rule: an approved real name when the configuration asks for one (real-name module's rule). */
  const assertRealName = async (tenantId: number, uid: number) => {
    if (deps.mayPublishByRealName && !(await deps.mayPublishByRealName(tenantId, uid)))
      throw forbidden('real_name_required');
  };

  const assertCategory = (categoryId: number) => {
    if (!PLAZA_CATEGORY_IDS.includes(categoryId)) throw badRequest('category_unknown');
  };

  /**
   * Every address a work shows is one of our own files: anonymous viewers' browsers load them, so another host
   * would see who reads the plaza (tracking) and an internal address would be probed from each browser.
   */
  const assertOwnMedia = (v: { images?: string[]; cover?: string | null; media?: ArticleMedia | null }) => {
    const fields: [string, (string | null | undefined)[]][] = [
      ['images', v.images ?? []],
      ['cover', [v.cover]],
      ['media', [v.media?.url, v.media?.poster]],
    ];
    for (const [field, urls] of fields)
      if (urls.some((url) => url && !deps.isOwnMediaUrl(url))) throw fieldError(field, 'media_url_not_own');
  };

  const hasBody = (v: { title: string; content: string; images: string[]; media: ArticleMedia | null }) =>
    !!(v.title.trim() || v.content.trim() || v.images.length || v.media);

  /**
   * The prepared answer of a numbered plaza page within the depth cap (no search, no author filter, no blocked author, no
   * cursor), from memory once warm; null for any other page (ask `page`).
   */
  const cachedPage = async (
    tenantId: number,
    viewer: Viewer,
    query: ArticlePageQuery,
  ): Promise<CachedAnswer<ArticlePage> | null> => {
    if (query.drafts || query.mine || query.keyword || query.authorId || query.cursor) return null;
    // Past the depth cap the database path refuses the page (page_too_deep).
    if (query.page * query.pageSize > PLAZA_PAGE_DEPTH_MAX) return null;
    if (viewer.uid > 0) {
      const blocked = await blockLists.get(`${tenantId}:${viewer.uid}`, () => blockedFor(tenantId, viewer));
      if (blocked.length) return null;
    }
    const filter: ArticleListFilter = {
      ...query,
      keyword: undefined,
      scope: 'plaza',
      viewerId: 0,
      blocked: [],
    };
    const key = `${tenantId}:${query.page}:${query.pageSize}:${query.categoryId ?? 0}:${query.sort}`;
    const page = await (query.sort === 'hot' ? hotPages : newestPages).get(key, async () => {
      const { rows, hasMore, next } = await repo.listArticles(tenantId, filter);
      generation += 1;
      return {
        generation,
        items: rows.map((row) => toCard(row, 0)),
        hasMore,
        nextCursor: next ? encodeCursor(listOrder(filter), next) : null,
      };
    });
    return (await callerPageOf(tenantId, viewer.uid, key, page, query, filter)).answer;
  };

  return {
    cachedPage,
    /** How many times the first pages were read from the database (tests: likes must not reload them). */
    get publicPageLoads() {
      return newestPages.loads + hotPages.loads;
    },

    async page(tenantId: number, viewer: Viewer, query: ArticlePageQuery): Promise<ArticlePage> {
      const scope = query.drafts ? 'drafts' : query.mine ? 'mine' : 'plaza';
      if (scope !== 'plaza' && viewer.uid <= 0) throw unauthorized();
      const cached = await cachedPage(tenantId, viewer, query);
      if (cached) return cached.value;
      const blocked =
        scope === 'plaza' && viewer.uid > 0
          ? await blockLists.get(`${tenantId}:${viewer.uid}`, () => blockedFor(tenantId, viewer))
          : [];
      const filter: ArticleListFilter = {
        ...query,
        keyword: query.keyword || undefined,
        scope,
        viewerId: viewer.uid,
        blocked,
      };
      const after = positionOf(filter, query.cursor);
      const { rows, hasMore, next } = await repo.listArticles(tenantId, filter, after);
      return {
        items: rows.map((row) => toCard(row, viewer.uid)),
        total: await totalOf(tenantId, filter, !after, rows.length, hasMore),
        page: query.page,
        pageSize: query.pageSize,
        hasMore,
        nextCursor: next ? encodeCursor(listOrder(filter), next) : null,
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

    async add(tenantId: number, uid: number, body: ParsedBodyOf<typeof endpoints.articleAdd>) {
      const categoryId = body.categoryId ?? (await deps.defaultCategoryId(db, tenantId));
      assertCategory(categoryId);
      const media = body.media ?? null;
      assertOwnMedia(body);
      if (!body.isDraft) {
        if (!hasBody({ ...body, media })) throw badRequest('article_empty');
        await assertRealName(tenantId, uid);
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

    async update(tenantId: number, uid: number, body: ParsedBodyOf<typeof endpoints.articleUpdate>) {
      // The real-name rule reads outside the transaction: the embedded database has one connection, and a read
      // on it waiting for the open transaction would never run. Only a draft going out is publishing it.
      if (body.isDraft === false) {
        const before = await repo.articleForChange(tenantId, body.id);
        if (before && !before.deletedAt && before.userId === uid && before.status === 'draft')
          await assertRealName(tenantId, uid);
      }
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
        assertOwnMedia(body);
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

    /**
     * The author deletes; an operator takes someone else's work down, with a reason, through moderation's
     * take-down (the console's command: audit row, unpin and the author's notice).
     */
    async remove(
      tenantId: number,
      viewer: Viewer,
      id: number,
      reason: string | undefined,
      ip: string | null,
    ) {
      const deleted = await db.transaction(async (tx) => {
        const txRepo = createPlazaRepository(tx);
        const row = await txRepo.articleForChange(tenantId, id);
        if (!row || row.deletedAt) throw notFound('article_not_found');
        if (row.userId !== viewer.uid) {
          if (viewer.isAdmin) return false;
          if (row.status === 'draft') throw notFound('article_not_found');
          throw forbidden('not_article_author');
        }
        const now = clock.now();
        await txRepo.updateArticle(tenantId, id, { deletedAt: now, updatedAt: now });
        return true;
      });
      if (deleted) return { id, outcome: 'deleted' as const };
      if (!reason) throw badRequest('takedown_reason_required');
      await takeDown({ tenantId, uid: viewer.uid, ip }, id, reason);
      return { id, outcome: 'taken_down' as const };
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

    ...createPlazaLikes({ db, clock, deps, repo, access }),
    ...createPlazaComments({ clock, db, deps, repo, access }),
  };
};

export type PlazaService = ReturnType<typeof createPlazaService>;
