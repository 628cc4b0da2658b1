import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { cappedCount } from '../../platform/db/capped-count.js';
import { articles } from './plaza.table.js';

/** An author's works (anything but a draft) and drafts, counted up to a cap (article_author_idx). */
export const createAuthorCountQueries = (db: DbOrTx) => ({
  async authorCounts(tenantId: number, authorId: number, cap: number) {
    const mine = and(eq(articles.tenantId, tenantId), eq(articles.userId, authorId), isNull(articles.deletedAt));
    const [works, drafts] = await Promise.all([
      cappedCount(db, articles, and(mine, ne(articles.status, 'draft')), cap),
      cappedCount(db, articles, and(mine, eq(articles.status, 'draft')), cap),
    ]);
    return { articles: works, drafts };
  },
});
