import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DictName, JsonValue } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { dictData, dictTypes } from './dictionary.table.js';
import { escapeLike } from '../../platform/db/sql.js';

export type DictRow = typeof dictData.$inferSelect;

export interface DictItemValues {
  label: string;
  value: string;
  data: JsonValue;
  sort: number;
  status: number;
  remark: string | null;
}

/** A dictionary's items in shown order (only the shown ones with `onlyShown`). */
export const dictItems = (
  db: DbOrTx,
  tenantId: number,
  name: DictName,
  onlyShown: boolean,
): Promise<DictRow[]> => {
  const where = [eq(dictData.tenantId, tenantId), eq(dictData.dictName, name)];
  if (onlyShown) where.push(eq(dictData.status, 1));
  return db
    .select()
    .from(dictData)
    .where(and(...where))
    .orderBy(asc(dictData.sort), asc(dictData.id));
};

/** The stored version of each of the tenant's dictionaries, by name. */
export const dictVersions = async (db: DbOrTx, tenantId: number): Promise<Map<string, number>> => {
  const rows = await db
    .select({ name: dictTypes.name, version: dictTypes.version })
    .from(dictTypes)
    .where(eq(dictTypes.tenantId, tenantId));
  return new Map(rows.map((r) => [r.name, r.version]));
};

/** Drizzle queries of dictionaries; no rules here. */
const createDictionaryRepository = (db: DbOrTx) => ({
  items: (tenantId: number, name: DictName, onlyShown: boolean) => dictItems(db, tenantId, name, onlyShown),

  versions: (tenantId: number) => dictVersions(db, tenantId),

  async page(tenantId: number, filter: { page: number; pageSize: number; name?: DictName; label?: string }) {
    const conditions: SQL[] = [eq(dictData.tenantId, tenantId)];
    if (filter.name) conditions.push(eq(dictData.dictName, filter.name));
    if (filter.label) conditions.push(ilike(dictData.label, `%${escapeLike(filter.label)}%`));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      filter,
      db
        .select()
        .from(dictData)
        .where(where)
        .orderBy(asc(dictData.dictName), asc(dictData.sort), asc(dictData.id)),
      db.select({ total: count() }).from(dictData).where(where),
    );
    return { rows, total };
  },

  async byId(tenantId: number, id: number, forUpdate = false): Promise<DictRow | undefined> {
    const query = db
      .select()
      .from(dictData)
      .where(and(eq(dictData.tenantId, tenantId), eq(dictData.id, id)))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Inserts items, skipping values that already exist; returns how many were new. */
  async insertMissing(tenantId: number, name: DictName, items: DictItemValues[], now: Date): Promise<number> {
    if (items.length === 0) return 0;
    const rows = await db
      .insert(dictData)
      .values(items.map((item) => ({ ...item, tenantId, dictName: name, createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ id: dictData.id });
    return rows.length;
  },

  /**
   * Gives a seed item that an earlier release stored without translations its `data.i18n`, when the item is still
   * as seeded (same label); returns whether it changed.
   */
  async addSeedTranslations(
    tenantId: number,
    name: DictName,
    item: { value: string; label: string; i18n: JsonValue },
    now: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(dictData)
      .set({ data: sql`${dictData.data} || ${JSON.stringify({ i18n: item.i18n })}::jsonb`, updatedAt: now })
      .where(
        and(
          eq(dictData.tenantId, tenantId),
          eq(dictData.dictName, name),
          eq(dictData.value, item.value),
          eq(dictData.label, item.label),
          sql`jsonb_typeof(${dictData.data}) = 'object' AND ${dictData.data} -> 'i18n' IS NULL`,
        ),
      )
      .returning({ id: dictData.id });
    return rows.length > 0;
  },

  async insert(tenantId: number, name: DictName, item: DictItemValues, now: Date): Promise<number | null> {
    const [row] = await db
      .insert(dictData)
      .values({ ...item, tenantId, dictName: name, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: dictData.id });
    return row?.id ?? null;
  },

  async update(tenantId: number, id: number, values: Partial<DictItemValues>, now: Date): Promise<void> {
    await db
      .update(dictData)
      .set({ ...values, updatedAt: now })
      .where(and(eq(dictData.tenantId, tenantId), eq(dictData.id, id)));
  },

  async remove(tenantId: number, id: number): Promise<void> {
    await db.delete(dictData).where(and(eq(dictData.tenantId, tenantId), eq(dictData.id, id)));
  },

  async valueTaken(tenantId: number, name: DictName, value: string, exceptId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: dictData.id })
      .from(dictData)
      .where(
        and(
          eq(dictData.tenantId, tenantId),
          eq(dictData.dictName, name),
          eq(dictData.value, value),
          sql`${dictData.id} <> ${exceptId}`,
        ),
      )
      .limit(1);
    return !!row;
  },

  /** Creates the dictionary at version 1; returns true when it did not exist. */
  async createType(tenantId: number, name: DictName, now: Date): Promise<boolean> {
    const rows = await db
      .insert(dictTypes)
      .values({ tenantId, name, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ name: dictTypes.name });
    return rows.length > 0;
  },

  /** Raises the version by one (creating the dictionary when missing) and returns the new version. */
  async bumpVersion(tenantId: number, name: DictName, now: Date): Promise<number> {
    const [row] = await db
      .insert(dictTypes)
      .values({ tenantId, name, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [dictTypes.tenantId, dictTypes.name],
        set: { version: sql`${dictTypes.version} + 1`, updatedAt: now },
      })
      .returning({ version: dictTypes.version });
    return row!.version;
  },
});
export type DictionaryRepository = ReturnType<typeof createDictionaryRepository>;

/** The dictionary's repositories, made once per module (over the pool, or a transaction's). */
export const createDictionaryRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ dictionary: createDictionaryRepository(executor) }));
export type DictionaryRepositories = ReturnType<typeof createDictionaryRepositories>;
