import type { ArticleListItem, ArticlePageResult } from '@app/contract';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Actor } from '../../platform/identity/actor.js';
import { cachedAnswer, type CachedAnswer } from '../../platform/http/etag.js';
import type { ArticleCounters, ArticleListFilter, PlazaRepository } from './plaza.repository.js';

/** The public part of a page (what an anonymous reader sees but the counters, merged per request). */
export interface PublicPage {
  /** Which load of the page this is (per-caller values of a page are remembered per load). */
  generation: number;
  items: ArticleListItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * A caller's answer of a cached page: serialized (and compressed) once, and used again while the page, its
 * counters, the caller's likes among it and the total are what they were.
 */
interface CallerPage {
  page: PublicPage;
  fingerprint: string;
  answer: CachedAnswer<ArticlePageResult>;
}

const CALLER_PAGES_MAX = 2_000;

/** `total` of a list page: exact or estimated (see plaza-feed's `createListTotals`). */
export type TotalOf = (
  tenantId: number,
  filter: ArticleListFilter,
  numbered: boolean,
  shown: number,
  hasMore: boolean,
) => Promise<number>;

/**
 * A cached public page answered to one caller: the page merged with each work's current counters and the
 * caller's likes among it, remembered per caller until one of those changes.
 */
export const createCallerPages = ({
  repo,
  cache,
  totalOf,
}: {
  repo: PlazaRepository;
  cache: MemoryCache;
  totalOf: TotalOf;
}) => {
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
  const callerPages = new Map<string, CallerPage>();

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
  const likedOnPage = async ({ tenantId, uid }: Actor, key: string, page: PublicPage) => {
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
    reader: Actor,
    pageKey: string,
    page: PublicPage,
    query: { page: number; pageSize: number },
    filter: ArticleListFilter,
  ): Promise<CallerPage> => {
    const { tenantId, uid } = reader;
    const ids = page.items.map((item) => item.id);
    const key = `${uid}:${pageKey}`;
    const [counted, liked, total] = await Promise.all([
      countersOfPage(tenantId, ids),
      likedOnPage(reader, key, page),
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

  return { callerPageOf };
};
