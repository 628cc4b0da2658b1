import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { drawPrizes, drawRecords } from './activity.table.js';

export type PrizeRow = typeof drawPrizes.$inferSelect;
type PrizeChange = Partial<Omit<typeof drawPrizes.$inferInsert, 'id' | 'tenantId'>>;

export const createDrawRepository = (db: DbOrTx) => {
  const live = (tenantId: number) => and(eq(drawPrizes.tenantId, tenantId), isNull(drawPrizes.deletedAt));
  return {
    /** Prizes not deleted, by slot (only the enabled ones with `enabledOnly`). */
    prizes: (tenantId: number, enabledOnly: boolean) =>
      db
        .select()
        .from(drawPrizes)
        .where(and(live(tenantId), enabledOnly ? eq(drawPrizes.status, 1) : undefined))
        .orderBy(asc(drawPrizes.slot)),

    /** A live prize, its row locked for the rest of the transaction. */
    async lockPrize(tenantId: number, id: number) {
      const [row] = await db
        .select()
        .from(drawPrizes)
        .where(and(live(tenantId), eq(drawPrizes.id, id)))
        .for('update');
      return row;
    },

    async drawsOn(tenantId: number, uid: number, date: string) {
      const [row] = await db
        .select({ n: count() })
        .from(drawRecords)
        .where(
          and(eq(drawRecords.tenantId, tenantId), eq(drawRecords.userId, uid), eq(drawRecords.date, date)),
        );
      return row?.n ?? 0;
    },

    async enabledNoneSlots(tenantId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(drawPrizes)
        .where(and(live(tenantId), eq(drawPrizes.status, 1), eq(drawPrizes.kind, 'none')));
      return row?.n ?? 0;
    },

    async slotTaken(tenantId: number, slot: number, exceptId?: number) {
      const [row] = await db
        .select({ id: drawPrizes.id })
        .from(drawPrizes)
        .where(
          and(live(tenantId), eq(drawPrizes.slot, slot), exceptId ? ne(drawPrizes.id, exceptId) : undefined),
        );
      return !!row;
    },

    /** Takes one of the prize's stock (unlimited when null); false when none is left. */
    async takeOne(prizeId: number) {
      const [taken] = await db
        .update(drawPrizes)
        .set({
          awarded: sql`${drawPrizes.awarded} + 1`,
          stock: sql`CASE WHEN ${drawPrizes.stock} IS NULL THEN NULL ELSE ${drawPrizes.stock} - 1 END`,
        })
        .where(and(eq(drawPrizes.id, prizeId), sql`(${drawPrizes.stock} IS NULL OR ${drawPrizes.stock} > 0)`))
        .returning({ id: drawPrizes.id });
      return !!taken;
    },

    async record(values: typeof drawRecords.$inferInsert) {
      const [row] = await db.insert(drawRecords).values(values).returning({ id: drawRecords.id });
      return row!.id;
    },

    /** The user's winning draws, newest first. */
    wonPage(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
      const where = and(
        eq(drawRecords.tenantId, tenantId),
        eq(drawRecords.userId, uid),
        eq(drawRecords.won, true),
      );
      // With the prize's current name and translations (by its key), so a record still named as its prize reads in
      // the reader's language.
      return paged(
        page,
        db
          .select({ record: drawRecords, prizeName: drawPrizes.name, prizeI18n: drawPrizes.i18n })
          .from(drawRecords)
          .innerJoin(drawPrizes, eq(drawPrizes.id, drawRecords.prizeId))
          .where(where)
          .orderBy(desc(drawRecords.createdAt), desc(drawRecords.id)),
        db.select({ total: count() }).from(drawRecords).where(where),
      );
    },

    async insert(values: typeof drawPrizes.$inferInsert) {
      const [row] = await db.insert(drawPrizes).values(values).returning();
      return row!;
    },

    async update(id: number, change: PrizeChange) {
      const [row] = await db.update(drawPrizes).set(change).where(eq(drawPrizes.id, id)).returning();
      return row!;
    },

    /** Soft-deletes a live prize; false when there is none with that id. */
    async remove(tenantId: number, id: number, now: Date) {
      const [row] = await db
        .update(drawPrizes)
        .set({ deletedAt: now, status: 0 })
        .where(and(live(tenantId), eq(drawPrizes.id, id)))
        .returning({ id: drawPrizes.id });
      return !!row;
    },
  };
};
export type DrawRepository = ReturnType<typeof createDrawRepository>;
