import './plaza.messages.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import type { PlazaDeps } from './plaza.deps.js';
import { createArticleAccess } from './article-access.js';
import { createPlazaComments } from './plaza-comments.js';
import { createPlazaFeed } from './plaza-feed.js';
import { createPlazaLikes } from './plaza-likes.js';
import { createPlazaPublishing } from './plaza-publishing.js';
import { createPublishingReview, type PublishingReviewDeps } from './publishing-review.js';
import { createPlazaReading } from './plaza-reading.js';
import { COUNTER_BUMP, READ_COUNT_BUMP, type PlazaRepositories } from './plaza.repository.js';

export { markdownSummary } from './article-view.js';
export type { ArticlePageQuery } from './plaza-feed.js';

export interface PlazaServiceDeps {
  /** The database, for other modules' reads and writes (blocked authors, the app config, history). */
  db: Db;
  store: PlazaRepositories;
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
  /** Review before publishing: the tenant's policy and moderation's picture screen. */
  review: PublishingReviewDeps;
}

/**
 * The plaza: its parts by role (listing, reading and sharing, publishing, likes, comments) over one repository
 * and one set of access rules.
 */
export const createPlazaService = ({
  db,
  store,
  clock,
  deps,
  publicBaseUrl,
  cache,
  takeDown,
  review: reviewDeps,
}: PlazaServiceDeps) => {
  cache.ignoreWrites(READ_COUNT_BUMP);
  cache.writesAs(COUNTER_BUMP, 'article_counter');
  const access = createArticleAccess({ db, deps, store });
  const feed = createPlazaFeed({ repo: store.repos.plaza, cache, access });
  return {
    cachedPage: feed.cachedPage,
    page: feed.page,
    /** How many times the first pages were read from the database (tests: likes must not reload them). */
    get publicPageLoads() {
      return feed.publicPageLoads;
    },
    ...createPlazaReading({ db, clock, store, access, publicBaseUrl }),
    ...createPlazaPublishing({
      db,
      clock,
      deps,
      store,
      takeDown,
      review: createPublishingReview({ deps: reviewDeps, store, clock }),
    }),
    ...createPlazaLikes({ db, clock, deps, store, access }),
    ...createPlazaComments({ clock, db, deps, store, access }),
    /** How many works and drafts the caller has, each read up to `cap` (an account deletion lists them). */
    myWorkCounts: ({ tenantId, uid }: Actor, cap: number) => store.repos.plaza.authorCounts(tenantId, uid, cap),
  };
};

export type PlazaService = ReturnType<typeof createPlazaService>;
