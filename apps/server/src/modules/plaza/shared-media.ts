import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { articles } from './plaza.table.js';

/**
 * Whether a live plaza work (draft, published or taken down, not deleted) shows a stored file as its media:
 * a video shared to the plaza keeps its files while a work still shows it. Matched by storage key, which is
 * unique and ends every URL of the file (local `/uploads/…`, `/files/public/…` or the bucket's address).
 */
export const isSharedInPlaza = async (db: Db, tenantId: number, storageKey: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.tenantId, tenantId),
        isNull(articles.deletedAt),
        sql`right(${articles.media}->>'url', ${storageKey.length}) = ${storageKey}`,
      ),
    )
    .limit(1);
  return row !== undefined;
};
