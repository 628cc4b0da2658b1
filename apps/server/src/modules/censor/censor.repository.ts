import { and, asc, count, eq, ilike, inArray, max, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { sensitiveWords } from './censor.table.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import type { endpoints, ParsedBodyOf } from '@app/contract';

export type SensitiveWordRow = typeof sensitiveWords.$inferSelect;

const createCensorRepository = (db: DbOrTx) => ({
  async words(tenantId: number): Promise<string[]> {
    const rows = await db
      .select({ word: sensitiveWords.word })
      .from(sensitiveWords)
      .where(eq(sensitiveWords.tenantId, tenantId))
      .orderBy(asc(sensitiveWords.id));
    return rows.map((r) => r.word);
  },

  /** Changes whenever a word is added, changed or deleted. */
  async signature(tenantId: number): Promise<string> {
    const [row] = await db
      .select({ n: count(), maxId: max(sensitiveWords.id), changed: max(sensitiveWords.updatedAt) })
      .from(sensitiveWords)
      .where(eq(sensitiveWords.tenantId, tenantId));
    return `${row?.n ?? 0}.${row?.maxId ?? 0}.${row?.changed ? new Date(row.changed).getTime() : 0}`;
  },

  async page(tenantId: number, filter: { page: number; pageSize: number; word?: string; category?: string }) {
    const conditions: SQL[] = [eq(sensitiveWords.tenantId, tenantId)];
    if (filter.word) conditions.push(ilike(sensitiveWords.word, `%${escapeLike(filter.word)}%`));
    if (filter.category) conditions.push(eq(sensitiveWords.category, filter.category));
    const where = and(...conditions);
    return paged(
      filter,
      db.select().from(sensitiveWords).where(where).orderBy(asc(sensitiveWords.id)),
      db.select({ total: count() }).from(sensitiveWords).where(where),
    );
  },

  async insert(tenantId: number, words: { word: string; category: string | null }[], now: Date) {
    if (words.length === 0) return 0;
    const rows = await db
      .insert(sensitiveWords)
      .values(words.map((w) => ({ ...w, tenantId, createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ id: sensitiveWords.id });
    return rows.length;
  },

  async update(tenantId: number, id: number, values: { word?: string; category?: string }, now: Date) {
    const rows = await db
      .update(sensitiveWords)
      .set({ ...values, updatedAt: now })
      .where(and(eq(sensitiveWords.tenantId, tenantId), eq(sensitiveWords.id, id)))
      .returning({ id: sensitiveWords.id });
    return rows.length > 0;
  },

  /** One word, locked until the transaction ends (an operator's change reads what it replaces). */
  async lockWord(tenantId: number, id: number) {
    const [row] = await db
      .select({ word: sensitiveWords.word, category: sensitiveWords.category })
      .from(sensitiveWords)
      .where(and(eq(sensitiveWords.tenantId, tenantId), eq(sensitiveWords.id, id)))
      .for('update');
    return row;
  },

  async wordTaken(tenantId: number, word: string) {
    const [row] = await db
      .select({ id: sensitiveWords.id })
      .from(sensitiveWords)
      .where(and(eq(sensitiveWords.tenantId, tenantId), eq(sensitiveWords.word, word)))
      .limit(1);
    return row?.id ?? null;
  },

  async consolePage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleSensitiveWordPage>) {
    const conditions: SQL[] = [eq(sensitiveWords.tenantId, tenantId)];
    if (q.filters.keyword) conditions.push(ilike(sensitiveWords.word, `%${escapeLike(q.filters.keyword)}%`));
    if (q.filters.category) conditions.push(eq(sensitiveWords.category, q.filters.category));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(sensitiveWords)
        .where(where)
        .orderBy(
          ...sortedBy(
            { word: sensitiveWords.word, updateTime: sensitiveWords.updatedAt },
            q,
            'updateTime',
            sensitiveWords.id,
          ),
        ),
      db.select({ total: count() }).from(sensitiveWords).where(where),
    );
  },

  async removeReturning(tenantId: number, ids: number[]) {
    return db
      .delete(sensitiveWords)
      .where(and(eq(sensitiveWords.tenantId, tenantId), inArray(sensitiveWords.id, ids)))
      .returning({ id: sensitiveWords.id, word: sensitiveWords.word });
  },

  async isEmpty(tenantId: number) {
    const [row] = await db
      .select({ id: sensitiveWords.id })
      .from(sensitiveWords)
      .where(eq(sensitiveWords.tenantId, tenantId))
      .limit(1);
    return !row;
  },
});

/** The censor's repositories, made once (over the pool, or a transaction's). */
export const createCensorRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ words: createCensorRepository(executor) }));
export type CensorRepositories = ReturnType<typeof createCensorRepositories>;
