import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { isOperator, type Actor } from '../../platform/identity/actor.js';
import type { PlazaDeps } from './plaza.deps.js';
import type { ArticleDetailRow, PlazaRepositories } from './plaza.repository.js';

/** Who may see which work and comment: drafts, taken-down works and blocked authors. */
export const createArticleAccess = (input: { db: Db; deps: PlazaDeps; store: PlazaRepositories }) => {
  const { db, deps } = input;
  const repo = input.store.repos.plaza;
  /** The authors the reader blocked (none for an anonymous reader, uid 0). */
  const blockedFor = (reader: Actor) =>
    reader.uid > 0 ? deps.blockedAuthorIds(db, reader.tenantId, reader.uid) : Promise.resolve([]);

  /**
   * Who may see a work: everyone when published (unless they blocked its author), its author always,
   * operators also when taken down, in review or refused in it. Everything else is "not found", so drafts stay secret.
   */
  const visibleArticle = async (reader: Actor, id: number): Promise<ArticleDetailRow> => {
    const row = await repo.findArticle(reader.tenantId, id, reader.uid);
    if (!row || row.deletedAt) throw notFound('article_not_found');
    const isAuthor = reader.uid > 0 && row.userId === reader.uid;
    if (isAuthor) return row;
    if (row.status === 'draft') throw notFound('article_not_found');
    if (row.status === 'taken_down' && !isOperator(reader)) throw notFound('article_not_found');
    // A work in review, or refused in it, is its author's (and the reviewing operators') only.
    if ((row.status === 'pending' || row.status === 'rejected') && !isOperator(reader))
      throw notFound('article_not_found');
    if (reader.uid > 0 && (await blockedFor(reader)).includes(row.userId)) {
      // Said as it is (not "missing"): the reader blocked its author, and may unblock them (extras.authorId).
      throw forbidden('article_author_blocked', { authorId: row.userId });
    }
    return row;
  };

  const publishedArticle = async (reader: Actor, id: number) => {
    const row = await visibleArticle(reader, id);
    if (row.status !== 'published') throw notFound('article_not_found');
    return row;
  };

  return { blockedFor, visibleArticle, publishedArticle };
};
export type ArticleAccess = ReturnType<typeof createArticleAccess>;

/**
 * What the likes and comments workflows share with the articles: the database (for other modules' reads),
 * the plaza's repositories, rules and access.
 */
export interface PlazaWorkflowDeps {
  db: Db;
  clock: Clock;
  deps: PlazaDeps;
  store: PlazaRepositories;
  access: ArticleAccess;
}
