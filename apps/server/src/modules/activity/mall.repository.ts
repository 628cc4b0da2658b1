import { and, asc, count, desc, eq, gt, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy, waitingQueue } from '../../platform/db/sql.js';
import { mallExchanges, mallItems } from './activity.table.js';

export type MallItemRow = typeof mallItems.$inferSelect;
export type ExchangeRow = typeof mallExchanges.$inferSelect;
type ItemChange = Partial<Omit<typeof mallItems.$inferInsert, 'id' | 'tenantId'>>;

/** Live (not deleted) items of a tenant. */
const live = (tenantId: number) => and(eq(mallItems.tenantId, tenantId), isNull(mallItems.deletedAt));

/** The shop: items on sale, stock taken, a user's exchanges. */
const createShopQueries = (db: DbOrTx) => ({
  /** A page of live items in shop order (only the enabled ones with `enabledOnly`). */
  itemPage(tenantId: number, enabledOnly: boolean, page: { page: number; pageSize: number }) {
    const where = and(live(tenantId), enabledOnly ? eq(mallItems.status, 1) : undefined);
    return paged(
      page,
      db.select().from(mallItems).where(where).orderBy(asc(mallItems.sort), asc(mallItems.id)),
      db.select({ total: count() }).from(mallItems).where(where),
    );
  },

  async enabledItem(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(mallItems)
      .where(and(live(tenantId), eq(mallItems.id, id), eq(mallItems.status, 1)));
    return row;
  },

  /** A live item, its row locked for the rest of the transaction. */
  async lockItem(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(mallItems)
      .where(and(live(tenantId), eq(mallItems.id, id)))
      .for('update');
    return row;
  },

  /** How many of each item the user has exchanged. */
  async exchangedByItem(tenantId: number, uid: number): Promise<Map<number, number>> {
    const counts = await db
      .select({ itemId: mallExchanges.itemId, n: count() })
      .from(mallExchanges)
      .where(and(eq(mallExchanges.tenantId, tenantId), eq(mallExchanges.userId, uid)))
      .groupBy(mallExchanges.itemId);
    return new Map(counts.map((c) => [c.itemId, c.n]));
  },

  async exchangedOf(tenantId: number, uid: number, itemId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(mallExchanges)
      .where(
        and(
          eq(mallExchanges.tenantId, tenantId),
          eq(mallExchanges.userId, uid),
          eq(mallExchanges.itemId, itemId),
        ),
      );
    return row?.n ?? 0;
  },

  /** Takes one from stock (never below 0, only while enabled); the stock left, or undefined when none was. */
  async takeOne(itemId: number) {
    const [taken] = await db
      .update(mallItems)
      .set({ stock: sql`${mallItems.stock} - 1`, exchanged: sql`${mallItems.exchanged} + 1` })
      .where(and(eq(mallItems.id, itemId), gt(mallItems.stock, 0), eq(mallItems.status, 1)))
      .returning({ stock: mallItems.stock });
    return taken?.stock;
  },

  async recordExchange(values: typeof mallExchanges.$inferInsert) {
    const [row] = await db.insert(mallExchanges).values(values).returning();
    return row!;
  },

  exchangePage(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
    const where = and(eq(mallExchanges.tenantId, tenantId), eq(mallExchanges.userId, uid));
    return paged(
      page,
      db
        .select()
        .from(mallExchanges)
        .where(where)
        .orderBy(desc(mallExchanges.createdAt), desc(mallExchanges.id)),
      db.select({ total: count() }).from(mallExchanges).where(where),
    );
  },
});

/** Physical exchanges to ship, and their shipping. */
const createShippingQueries = (db: DbOrTx) => ({
  /** Physical exchanges still to ship: how many and since when. */
  shippingQueue: (tenantId: number) =>
    waitingQueue(
      db,
      mallExchanges,
      and(
        eq(mallExchanges.tenantId, tenantId),
        eq(mallExchanges.kind, 'physical'),
        eq(mallExchanges.status, 'shipping'),
      ),
      mallExchanges.createdAt,
    ),

  /** Physical exchanges, filtered and in the operator's order. */
  shippingPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleShippingPage>) {
    const f = q.filters;
    const conditions: SQL[] = [eq(mallExchanges.tenantId, tenantId), eq(mallExchanges.kind, 'physical')];
    if (f.status) conditions.push(eq(mallExchanges.status, f.status));
    if (f.userId) conditions.push(eq(mallExchanges.userId, f.userId));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(mallExchanges)
        .where(where)
        .orderBy(
          ...sortedBy(
            { createTime: mallExchanges.createdAt, shipTime: mallExchanges.shippedAt },
            q,
            'createTime',
            mallExchanges.id,
          ),
        ),
      db.select({ total: count() }).from(mallExchanges).where(where),
    );
  },

  /** Marks a waiting physical exchange shipped; undefined when there is none waiting with that id. */
  async ship(tenantId: number, id: number, courier: string, trackingNo: string, now: Date) {
    const [row] = await db
      .update(mallExchanges)
      .set({ status: 'shipped', courier, trackingNo, shippedAt: now })
      .where(
        and(
          eq(mallExchanges.tenantId, tenantId),
          eq(mallExchanges.id, id),
          eq(mallExchanges.kind, 'physical'),
          eq(mallExchanges.status, 'shipping'),
        ),
      )
      .returning();
    return row;
  },

  async physicalExchangeExists(tenantId: number, id: number) {
    const [row] = await db
      .select({ id: mallExchanges.id })
      .from(mallExchanges)
      .where(
        and(
          eq(mallExchanges.tenantId, tenantId),
          eq(mallExchanges.id, id),
          eq(mallExchanges.kind, 'physical'),
        ),
      );
    return !!row;
  },
});

/** Items as operators edit them. */
const createMallItemEditorQueries = (db: DbOrTx) => ({
  /** Live items, filtered by kind, status and a name keyword, in the operator's order. */
  consoleItemPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleMallItemPage>) {
    const f = q.filters;
    const conditions: SQL[] = [live(tenantId)!];
    if (f.kind) conditions.push(eq(mallItems.kind, f.kind));
    if (f.status !== undefined) conditions.push(eq(mallItems.status, f.status));
    if (f.keyword) conditions.push(ilike(mallItems.name, `%${escapeLike(f.keyword)}%`));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(mallItems)
        .where(where)
        .orderBy(
          ...sortedBy(
            { sort: mallItems.sort, points: mallItems.points, stock: mallItems.stock, id: mallItems.id },
            q,
            'sort',
            mallItems.id,
          ),
        ),
      db.select({ total: count() }).from(mallItems).where(where),
    );
  },

  async insert(values: typeof mallItems.$inferInsert) {
    const [row] = await db.insert(mallItems).values(values).returning();
    return row!;
  },

  async update(id: number, change: ItemChange) {
    const [row] = await db.update(mallItems).set(change).where(eq(mallItems.id, id)).returning();
    return row!;
  },

  /** Soft-deletes a live item; false when there is none with that id. */
  async remove(tenantId: number, id: number, now: Date) {
    const [row] = await db
      .update(mallItems)
      .set({ deletedAt: now, status: 0 })
      .where(and(live(tenantId), eq(mallItems.id, id)))
      .returning({ id: mallItems.id });
    return !!row;
  },
});

/** The points mall's queries: the shop, exchanges, shipping and the operators' items. */
export const createMallRepository = (db: DbOrTx) => ({
  ...createShopQueries(db),
  ...createShippingQueries(db),
  ...createMallItemEditorQueries(db),
});
export type MallRepository = ReturnType<typeof createMallRepository>;
