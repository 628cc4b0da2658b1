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
import { createPlazaReading } from './plaza-reading.js';
import { COUNTER_BUMP, READ_COUNT_BUMP, createPlazaRepository } from './plaza.repository.js';

export { markdownSummary, type Viewer } from './article-view.js';
export type { ArticlePageQuery } from './plaza-feed.js';

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
 * The plaza: its parts by role (listing, reading and sharing, publishing, likes, comments) over one repository
 * and one set of access rules.
 */
export const createPlazaService = ({ db, clock, deps, publicBaseUrl, cache, takeDown }: PlazaServiceDeps) => {
  const repo = createPlazaRepository(db);
  cache.ignoreWrites(READ_COUNT_BUMP);
  cache.writesAs(COUNTER_BUMP, 'article_counter');
  const access = createArticleAccess({ db, deps, repo });
  const feed = createPlazaFeed({ repo, cache, access });
  return {
    cachedPage: feed.cachedPage,
    page: feed.page,
    /** How many times the first pages were read from the database (tests: likes must not reload them). */
    get publicPageLoads() {
      return feed.publicPageLoads;
    },
    ...createPlazaReading({ db, clock, repo, access, publicBaseUrl }),
    ...createPlazaPublishing({ db, clock, deps, repo, takeDown }),
    ...createPlazaLikes({ db, clock, deps, repo, access }),
    ...createPlazaComments({ clock, db, deps, repo, access }),
  };
};

export type PlazaService = ReturnType<typeof createPlazaService>;
