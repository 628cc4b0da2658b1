import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { CommonInfo, endpoints, Locale, ParsedBodyOf } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { commonInfo } from './common-info.table.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import { localize } from '../../platform/i18n/stored-translations.js';

type CommonInfoRow = typeof commonInfo.$inferSelect;
type CommonInfoChange = Partial<Omit<typeof commonInfo.$inferInsert, 'id' | 'tenantId'>>;

const createCommonInfoRepository = (db: DbOrTx) => ({
  async page(
    tenantId: number,
    filter: { page: number; pageSize: number; categoryId?: number; title?: string },
    locale: Locale = 'zh-Hans',
  ): Promise<{ items: CommonInfo[]; total: number }> {
    const conditions: SQL[] = [eq(commonInfo.tenantId, tenantId)];
    if (filter.categoryId) conditions.push(eq(commonInfo.categoryId, filter.categoryId));
    if (filter.title) conditions.push(ilike(commonInfo.title, `%${escapeLike(filter.title)}%`));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      filter,
      db.select().from(commonInfo).where(where).orderBy(asc(commonInfo.sort), desc(commonInfo.id)),
      db.select({ total: count() }).from(commonInfo).where(where),
    );
    return {
      total,
      items: rows.map((row) => ({
        ...localize({ title: row.title, content: row.content }, row.i18n, locale),
        id: row.id,
        categoryId: row.categoryId,
        cover: row.cover,
        link: row.link,
        sort: row.sort,
        createTime: row.createdAt.toISOString(),
      })),
    };
  },

  // ---- Operators ----

  /** The stored originals, by category and title keyword, in the operator's order. */
  consolePage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleCommonInfoPage>) {
    const conditions: SQL[] = [eq(commonInfo.tenantId, tenantId)];
    if (q.filters.categoryId) conditions.push(eq(commonInfo.categoryId, q.filters.categoryId));
    if (q.filters.keyword) conditions.push(ilike(commonInfo.title, `%${escapeLike(q.filters.keyword)}%`));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(commonInfo)
        .where(where)
        .orderBy(
          ...sortedBy({ sort: commonInfo.sort, createTime: commonInfo.createdAt }, q, 'sort', commonInfo.id),
        ),
      db.select({ total: count() }).from(commonInfo).where(where),
    );
  },

  async insert(values: typeof commonInfo.$inferInsert): Promise<CommonInfoRow> {
    const [row] = await db.insert(commonInfo).values(values).returning();
    return row!;
  },

  /** An entry of the tenant, its row locked for the rest of the transaction. */
  async lock(tenantId: number, id: number): Promise<CommonInfoRow | undefined> {
    const [row] = await db
      .select()
      .from(commonInfo)
      .where(and(eq(commonInfo.tenantId, tenantId), eq(commonInfo.id, id)))
      .for('update');
    return row;
  },

  async update(tenantId: number, id: number, change: CommonInfoChange): Promise<CommonInfoRow> {
    const [row] = await db
      .update(commonInfo)
      .set(change)
      .where(and(eq(commonInfo.tenantId, tenantId), eq(commonInfo.id, id)))
      .returning();
    return row!;
  },

  /** Deletes an entry; the deleted row, or undefined when there was none. */
  async remove(tenantId: number, id: number): Promise<CommonInfoRow | undefined> {
    const [row] = await db
      .delete(commonInfo)
      .where(and(eq(commonInfo.tenantId, tenantId), eq(commonInfo.id, id)))
      .returning();
    return row;
  },
});

/** Common info's repositories, made once per module (over the pool, or a transaction's). */
export const createCommonInfoRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ entries: createCommonInfoRepository(executor) }));
export type CommonInfoRepositories = ReturnType<typeof createCommonInfoRepositories>;
