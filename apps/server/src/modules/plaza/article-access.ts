import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { PlazaDeps } from './plaza.deps.js';
import type { ArticleDetailRow, createPlazaRepository } from './plaza.repository.js';
import type { Viewer } from './article-view.js';

/** Who may see which work and comment: drafts, taken-down works and blocked authors. */
export const createArticleAccess = (input: {
  db: Db;
  deps: PlazaDeps;
  repo: ReturnType<typeof createPlazaRepository>;
}) => {
  const { db, deps, repo } = input;
  const blockedFor = (tenantId: number, viewer: Viewer) =>
    viewer.uid > 0 ? deps.blockedAuthorIds(db, tenantId, viewer.uid) : Promise.resolve([]);

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
      // Said as it is (not "missing"): the reader blocked its author, and may unblock them (extras.authorId).
      throw forbidden('article_author_blocked', { authorId: row.userId });
    }
    return row;
  };

  const publishedArticle = async (tenantId: number, id: number, viewer: Viewer) => {
    const row = await visibleArticle(tenantId, id, viewer);
    if (row.status !== 'published') throw notFound('article_not_found');
    return row;
  };

  return { blockedFor, visibleArticle, publishedArticle };
};
export type ArticleAccess = ReturnType<typeof createArticleAccess>;

/** What the likes and comments workflows share with the articles: the database, rules and access. */
export interface PlazaWorkflowDeps {
  db: Db;
  clock: Clock;
  deps: PlazaDeps;
  repo: ReturnType<typeof createPlazaRepository>;
  access: ArticleAccess;
}
