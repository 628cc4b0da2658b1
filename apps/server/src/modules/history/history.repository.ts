import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { HistoryItem } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { userHistory } from './history.table.js';
import { descNullsLast } from '../../platform/db/sql.js';

export type HistoryKind = 'read' | 'generated';

export interface HistoryEntry {
  tenantId: number;
  userId: number;
  kind: HistoryKind;
  /** `article`, or what was generated: `copy`, `drawing`, `video`, `dub`, … */
  refType: string;
  refId: number;
  title: string;
  cover?: string | null;
  /** In-app route that opens it, e.g. `/pages/detail/article?id=3`. */
  link?: string | null;
  now: Date;
}

/**
 * Records that a user read or generated something (any module may call it, inside its own transaction).
 * One row per (user, kind, thing): doing it again moves it to the top and refreshes its title and cover.
 */
export const recordHistory = async (db: DbOrTx, entry: HistoryEntry): Promise<void> => {
  if (entry.userId <= 0) return;
  const title = entry.title.slice(0, 200);
  await db
    .insert(userHistory)
    .values({
      tenantId: entry.tenantId,
      userId: entry.userId,
      kind: entry.kind,
      refType: entry.refType,
      refId: entry.refId,
      title,
      cover: entry.cover ?? null,
      link: entry.link ?? null,
      createdAt: entry.now,
      updatedAt: entry.now,
    })
    .onConflictDoUpdate({
      target: [
        userHistory.tenantId,
        userHistory.userId,
        userHistory.kind,
        userHistory.refType,
        userHistory.refId,
      ],
      set: { title, cover: entry.cover ?? null, link: entry.link ?? null, updatedAt: entry.now },
    });
};

export const createHistoryRepository = (db: DbOrTx) => ({
  async page(
    tenantId: number,
    userId: number,
    filter: { page: number; pageSize: number; kind?: HistoryKind },
  ): Promise<{ items: HistoryItem[]; total: number }> {
    const conditions: SQL[] = [eq(userHistory.tenantId, tenantId), eq(userHistory.userId, userId)];
    if (filter.kind) conditions.push(eq(userHistory.kind, filter.kind));
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      filter,
      db
        .select()
        .from(userHistory)
        .where(where)
        .orderBy(descNullsLast(userHistory.updatedAt), descNullsLast(userHistory.id)),
      db.select({ total: count() }).from(userHistory).where(where),
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        refType: r.refType,
        refId: r.refId,
        title: r.title,
        cover: r.cover,
        link: r.link,
        time: r.updatedAt.toISOString(),
      })),
    };
  },

  async remove(
    tenantId: number,
    userId: number,
    filter: { ids?: number[]; kind?: HistoryKind },
  ): Promise<number> {
    const conditions: SQL[] = [eq(userHistory.tenantId, tenantId), eq(userHistory.userId, userId)];
    if (filter.ids) conditions.push(inArray(userHistory.id, filter.ids));
    if (filter.kind) conditions.push(eq(userHistory.kind, filter.kind));
    const removed = await db
      .delete(userHistory)
      .where(and(...conditions))
      .returning({ id: userHistory.id });
    return removed.length;
  },
});
