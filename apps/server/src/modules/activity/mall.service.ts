import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ExchangeRecord, MallItem } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { loadActivityRules } from './activity-rules.js';
import { mallExchanges, mallItems } from './activity.table.js';
import { grantReward, lockUser, pointsOf } from './rewards.js';

type ItemRow = typeof mallItems.$inferSelect;
type ExchangeRow = typeof mallExchanges.$inferSelect;

const toItem = (row: ItemRow, myExchanged = 0): MallItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image: row.image,
  kind: row.kind as MallItem['kind'],
  amount: row.amount,
  points: row.points,
  stock: row.stock,
  exchanged: row.exchanged,
  limitPerUser: row.limitPerUser,
  myExchanged,
});
export const toAdminItem = (row: ItemRow) => ({
  ...toItem(row),
  status: (row.status === 1 ? 1 : 0) as 0 | 1,
  sort: row.sort,
});
const toRecord = (row: ExchangeRow): ExchangeRecord => ({
  id: row.id,
  itemId: row.itemId,
  name: row.name,
  image: row.image,
  kind: row.kind as ExchangeRecord['kind'],
  amount: row.amount,
  points: row.points,
  status: row.status as ExchangeRecord['status'],
  createTime: row.createdAt.toISOString(),
});

type ItemInput = {
  name: string;
  description: string;
  image: string;
  kind: MallItem['kind'];
  amount: number;
  points: number;
  stock: number;
  limitPerUser: number;
  status: 0 | 1;
  sort: number;
};

/**
 * Points mall. An exchange runs in one transaction: the user's row is locked (so the per-user limit is
 * counted without a race), the stock goes down by a conditional update (`stock > 0`, never oversold), the
 * points are debited through the ledger (never below 0) and the item is credited or recorded.
 */
export const createMallService = ({ db, clock, cache }: { db: Db; clock: Clock; cache: MemoryCache }) => {
  const live = (tenantId: number) => and(eq(mallItems.tenantId, tenantId), isNull(mallItems.deletedAt));
  // The shop window as everyone sees it, until an item or the rules dictionary changes (stock included).
  const windows = cache.area<{
    rows: ItemRow[];
    total: number;
    rules: Awaited<ReturnType<typeof loadActivityRules>>['exchangeRules'];
  }>({
    tables: ['points_mall_item', 'sys_dict_data', 'sys_dict_type'],
    maxEntries: 200,
  });

  return {
    async page(tenantId: number, uid: number | null, page: { page: number; pageSize: number }) {
      const where = and(live(tenantId), eq(mallItems.status, 1));
      const [{ rows, total, rules }, myPoints] = await Promise.all([
        windows.get(`${tenantId}:${page.page}:${page.pageSize}`, async () => {
          const [items, [counted], activityRules] = await Promise.all([
            db
              .select()
              .from(mallItems)
              .where(where)
              .orderBy(asc(mallItems.sort), asc(mallItems.id))
              .limit(page.pageSize)
              .offset((page.page - 1) * page.pageSize),
            db.select({ total: count() }).from(mallItems).where(where),
            loadActivityRules(db, tenantId),
          ]);
          return { rows: items, total: counted?.total ?? 0, rules: activityRules.exchangeRules };
        }),
        uid ? pointsOf(db, tenantId, uid) : Promise.resolve(null),
      ]);
      const mine = new Map<number, number>();
      if (uid && rows.length) {
        const counts = await db
          .select({ itemId: mallExchanges.itemId, n: count() })
          .from(mallExchanges)
          .where(and(eq(mallExchanges.tenantId, tenantId), eq(mallExchanges.userId, uid)))
          .groupBy(mallExchanges.itemId);
        for (const c of counts) mine.set(c.itemId, c.n);
      }
      return {
        items: rows.map((r) => toItem(r, mine.get(r.id) ?? 0)),
        total,
        ...page,
        myPoints,
        rules,
      };
    },

    async exchange(tenantId: number, uid: number, itemId: number) {
      return db.transaction(async (tx) => {
        await lockUser(tx, tenantId, uid);
        const [item] = await tx
          .select()
          .from(mallItems)
          .where(and(live(tenantId), eq(mallItems.id, itemId), eq(mallItems.status, 1)));
        if (!item) throw notFound('mall_item_not_found');
        if (item.limitPerUser > 0) {
          const [mine] = await tx
            .select({ n: count() })
            .from(mallExchanges)
            .where(
              and(
                eq(mallExchanges.tenantId, tenantId),
                eq(mallExchanges.userId, uid),
                eq(mallExchanges.itemId, itemId),
              ),
            );
          if ((mine?.n ?? 0) >= item.limitPerUser)
            throw conflict('mall_limit_reached', { limit: item.limitPerUser });
        }
        const now = clock.now();
        const [taken] = await tx
          .update(mallItems)
          .set({ stock: sql`${mallItems.stock} - 1`, exchanged: sql`${mallItems.exchanged} + 1` })
          .where(and(eq(mallItems.id, itemId), gt(mallItems.stock, 0), eq(mallItems.status, 1)))
          .returning({ stock: mallItems.stock });
        if (!taken) throw conflict('mall_out_of_stock');
        const [record] = await tx
          .insert(mallExchanges)
          .values({
            tenantId,
            userId: uid,
            itemId,
            name: item.name,
            image: item.image,
            kind: item.kind,
            amount: item.amount,
            points: item.points,
            status: item.kind === 'physical' ? 'shipping' : 'done',
            createdAt: now,
          })
          .returning();
        const points = await changeBalance(tx, {
          tenantId,
          userId: uid,
          currency: 'points',
          amount: -item.points,
          reason: 'mall_exchange',
          refType: 'mall_exchange',
          refId: String(record!.id),
        });
        await grantReward(tx, {
          tenantId,
          uid,
          kind: item.kind,
          amount: item.amount,
          reason: 'mall_exchange',
          refType: 'mall_exchange',
          refId: String(record!.id),
          now,
        });
        return { record: toRecord(record!), points, stock: taken.stock };
      });
    },

    async myExchanges(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
      const where = and(eq(mallExchanges.tenantId, tenantId), eq(mallExchanges.userId, uid));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mallExchanges)
          .where(where)
          .orderBy(desc(mallExchanges.createdAt), desc(mallExchanges.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(mallExchanges).where(where),
      ]);
      return { items: rows.map(toRecord), total: total?.total ?? 0, ...page };
    },

    // ---- Operators ----

    async adminPage(tenantId: number, page: { page: number; pageSize: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mallItems)
          .where(live(tenantId))
          .orderBy(asc(mallItems.sort), asc(mallItems.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(mallItems).where(live(tenantId)),
      ]);
      return { items: rows.map(toAdminItem), total: total?.total ?? 0, ...page };
    },

    async add(tenantId: number, input: ItemInput) {
      const now = clock.now();
      const [row] = await db
        .insert(mallItems)
        .values({ tenantId, ...input, createdAt: now, updatedAt: now })
        .returning();
      return toAdminItem(row!);
    },

    async update(tenantId: number, input: Partial<ItemInput> & { id: number }) {
      const { id, ...changes } = input;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mallItems)
          .where(and(live(tenantId), eq(mallItems.id, id)))
          .for('update');
        if (!row) throw notFound('mall_item_not_found');
        const merged = { ...row, ...changes };
        if (merged.kind !== 'physical' && merged.amount <= 0) throw badAmount();
        const [updated] = await tx
          .update(mallItems)
          .set({ ...changes, updatedAt: clock.now() })
          .where(eq(mallItems.id, id))
          .returning();
        return toAdminItem(updated!);
      });
    },

    async remove(tenantId: number, id: number) {
      const [row] = await db
        .update(mallItems)
        .set({ deletedAt: clock.now(), status: 0 })
        .where(and(live(tenantId), eq(mallItems.id, id)))
        .returning({ id: mallItems.id });
      if (!row) throw notFound('mall_item_not_found');
      return { id };
    },
  };
};

const badAmount = () => new AppError(400, 'mall_amount_required');
