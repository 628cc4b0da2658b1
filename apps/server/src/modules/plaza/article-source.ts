import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { articles } from './plaza.table.js';

/**
 * The words and pictures of a work another feature makes something from (a video from an article): the
 * reader's own work (draft or published) or anyone's published one; undefined when deleted, taken down or
 * unknown.
 */
export const articleSource = async (db: Db, tenantId: number, readerId: number, id: number) => {
  const [row] = await db
    .select({
      title: articles.title,
      content: articles.content,
      images: articles.images,
      cover: articles.cover,
    })
    .from(articles)
    .where(
      and(
        eq(articles.tenantId, tenantId),
        eq(articles.id, id),
        isNull(articles.deletedAt),
        or(
          and(eq(articles.userId, readerId), ne(articles.status, 'taken_down')),
          eq(articles.status, 'published'),
        ),
      ),
    )
    .limit(1);
  return row;
};
