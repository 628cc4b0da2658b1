import { PLAZA_PAGE_DEPTH_MAX, type ArticlePageResult } from '@app/contract';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import { badRequest, unauthorized } from '../../platform/errors.js';
import type { CachedAnswer } from '../../platform/http/etag.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { ArticleAccess } from './article-access.js';
import { toCard } from './article-view.js';
import { createEstimates } from './estimates.js';
import { createCallerPages, type PublicPage, type TotalOf } from './plaza-caller-pages.js';
import { decodeCursor, encodeCursor, type ListPosition } from './plaza-cursor.js';
import { listOrder, type ArticleListFilter, type PlazaRepository } from './plaza.repository.js';

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

/** A list as callers ask for it: the repository's filter with the scope as two flags, the viewer aside. */
export interface ArticlePageQuery extends Omit<ArticleListFilter, 'scope' | 'viewerId' | 'blocked'> {
  mine?: boolean;
  drafts?: boolean;
  cursor?: string;
}

/**
 * `total` without counting on every request: exact when a numbered page ends the list, otherwise the list's
 * count remembered for a minute (counted again in the background once older; searches are not counted:
 * the works seen so far and one more).
 */
const createListTotals = (repo: PlazaRepository): TotalOf => {
  const totals = createEstimates(TOTAL_MAX_AGE_MS, 10_000);
  return async (tenantId, filter, numbered, shown, hasMore) => {
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
};

/** Parses the caller's cursor for this list; refuses a numbered page deeper than PLAZA_PAGE_DEPTH_MAX. */
const positionOf = (filter: ArticleListFilter, cursor: string | undefined): ListPosition | undefined => {
  if (cursor) return decodeCursor(cursor, listOrder(filter));
  if (filter.page * filter.pageSize > PLAZA_PAGE_DEPTH_MAX)
    throw badRequest('page_too_deep', { max: PLAZA_PAGE_DEPTH_MAX });
  return undefined;
};

/** The ids of the authors a reader blocked, remembered until their block list changes. */
type BlockedOf = (reader: Actor) => Promise<number[]>;

/**
 * The first numbered plaza pages from memory. The public part of a page (what an anonymous reader sees,
 * counters aside) is kept until a work or one of the listed authors changes (a counter is no change: migration
 * 0027, COUNTER_BUMP). The hot order follows likes, which change no page: its pages are read again after
 * PAGE_MAX_AGE_MS. Concurrent misses share one load.
 */
const createCachedPlazaPages = (input: {
  repo: PlazaRepository;
  cache: MemoryCache;
  totalOf: TotalOf;
  blockedOf: BlockedOf;
}) => {
  const { repo, cache, blockedOf } = input;
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
  const { callerPageOf } = createCallerPages(input);
  let generation = 0;

  /**
   * The prepared answer of a numbered plaza page within the depth cap (no search, no author filter, no blocked
   * author, no cursor), from memory once warm; null for any other page (ask `page`).
   */
  const cachedPage = async (
    reader: Actor,
    query: ArticlePageQuery,
  ): Promise<CachedAnswer<ArticlePageResult> | null> => {
    const { tenantId } = reader;
    if (query.drafts || query.mine || query.keyword || query.authorId || query.cursor) return null;
    // Past the depth cap the database path refuses the page (page_too_deep).
    if (query.page * query.pageSize > PLAZA_PAGE_DEPTH_MAX) return null;
    if (reader.uid > 0 && (await blockedOf(reader)).length) return null;
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
    return (await callerPageOf(reader, key, page, query, filter)).answer;
  };

  return {
    cachedPage,
    /** How many times the first pages were read from the database. */
    loads: () => newestPages.loads + hotPages.loads,
  };
};

/** Listing works: the plaza (its first pages from memory), searches, an author's works, my works and drafts. */
export const createPlazaFeed = ({
  repo,
  cache,
  access,
}: {
  repo: PlazaRepository;
  cache: MemoryCache;
  access: ArticleAccess;
}) => {
  const blockLists = cache.area<number[]>({ tables: ['user_block'], maxEntries: 10_000 });
  const blockedOf: BlockedOf = (reader) =>
    blockLists.get(`${reader.tenantId}:${reader.uid}`, () => access.blockedFor(reader));
  const totalOf = createListTotals(repo);
  const pages = createCachedPlazaPages({ repo, cache, totalOf, blockedOf });

  return {
    cachedPage: pages.cachedPage,
    /** How many times the first pages were read from the database (tests: likes must not reload them). */
    get publicPageLoads() {
      return pages.loads();
    },

    async page(reader: Actor, query: ArticlePageQuery): Promise<ArticlePageResult> {
      const { tenantId } = reader;
      const scope = query.drafts ? 'drafts' : query.mine ? 'mine' : 'plaza';
      if (scope !== 'plaza' && reader.uid <= 0) throw unauthorized();
      const cached = await pages.cachedPage(reader, query);
      if (cached) return cached.value;
      const blocked = scope === 'plaza' && reader.uid > 0 ? await blockedOf(reader) : [];
      const filter: ArticleListFilter = {
        ...query,
        keyword: query.keyword || undefined,
        scope,
        viewerId: reader.uid,
        blocked,
      };
      const after = positionOf(filter, query.cursor);
      const { rows, hasMore, next } = await repo.listArticles(tenantId, filter, after);
      return {
        items: rows.map((row) => toCard(row, reader.uid)),
        total: await totalOf(tenantId, filter, !after, rows.length, hasMore),
        page: query.page,
        pageSize: query.pageSize,
        hasMore,
        nextCursor: next ? encodeCursor(listOrder(filter), next) : null,
      };
    },
  };
};
