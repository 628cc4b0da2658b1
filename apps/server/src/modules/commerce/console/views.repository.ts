import { and, count, eq, gt, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PayMethod, type endpoints, type ParsedBodyOf } from '@app/contract';
import { filterInstant } from '../../../platform/clock.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { consoleKeysetPage } from '../../../platform/db/console-keyset-page.js';
import { paged } from '../../../platform/db/paged.js';
import { escapeLike, shanghaiDay, sortedBy, waitingQueue } from '../../../platform/db/sql.js';
import {
  ambassadorApplications,
  ambassadorSubmissions,
  ambassadorTasks,
  payOrders,
} from '../commerce.table.js';

/** Both review queues have the same columns for their owner, state and times. */
type ReviewQueue = typeof ambassadorApplications | typeof ambassadorSubmissions;
type ReviewQuery = ParsedBodyOf<typeof endpoints.consoleAmbassadorApplicationPage>;

/** The console's reads of commerce: orders, their daily sums, and the ambassador review queues. */
export const createCommerceViewsRepository = (db: DbOrTx) => ({
  /** Waiting ambassador applications and screenshots, and offline transfers not yet expired. */
  queues: async (tenantId: number) => {
    const [applications, submissions, offline] = await Promise.all([
      waitingQueue(
        db,
        ambassadorApplications,
        and(eq(ambassadorApplications.tenantId, tenantId), eq(ambassadorApplications.state, 'pending')),
        ambassadorApplications.createdAt,
      ),
      waitingQueue(
        db,
        ambassadorSubmissions,
        and(eq(ambassadorSubmissions.tenantId, tenantId), eq(ambassadorSubmissions.state, 'pending')),
        ambassadorSubmissions.createdAt,
      ),
      waitingQueue(
        db,
        payOrders,
        and(
          eq(payOrders.tenantId, tenantId),
          eq(payOrders.state, 'pending'),
          eq(payOrders.payMethod, PayMethod.Offline),
          gt(payOrders.expiresAt, sql`now()`),
        ),
        payOrders.createdAt,
      ),
    ]);
    return { applications, submissions, offline };
  },

  /**
   * Paid orders in [since, until), per Asia/Shanghai day and pay method: count, revenue and gold sold; the gold of
   * free claims (the daily free gold) is counted apart, not as gold sold.
   */
  paidOrdersByDay(tenantId: number, since: Date, until: Date) {
    const day = shanghaiDay(payOrders.paidAt);
    return db
      .select({
        day,
        payMethod: payOrders.payMethod,
        orders: sql<number>`count(*)::int`,
        revenueFen: sql<number>`coalesce(sum(${payOrders.amountFen}), 0)::int`,
        gold: sql<number>`coalesce(sum(${payOrders.gold}) FILTER (WHERE ${payOrders.freeDay} IS NULL), 0)::int`,
        goldDailyFree: sql<number>`coalesce(sum(${payOrders.gold}) FILTER (WHERE ${payOrders.freeDay} IS NOT NULL), 0)::int`,
      })
      .from(payOrders)
      .where(
        and(
          eq(payOrders.tenantId, tenantId),
          sql`${payOrders.state} IN ('paid', 'refunded')`,
          gte(payOrders.paidAt, since),
          lt(payOrders.paidAt, until),
        ),
      )
      .groupBy(day, payOrders.payMethod);
  },

  /** A user's orders and what they paid. */
  async userTotals(tenantId: number, userId: number) {
    const [row] = await db
      .select({
        orderCount: sql<number>`count(*)::int`,
        paidFen: sql<number>`coalesce(sum(${payOrders.amountFen}) FILTER (WHERE ${payOrders.state} = 'paid'), 0)::int`,
      })
      .from(payOrders)
      .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.userId, userId)));
    return { orderCount: Number(row?.orderCount ?? 0), paidFen: Number(row?.paidFen ?? 0) };
  },

  orderPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleOrderPage>) {
    const f = q.filters;
    const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
    if (f.orderNo) conditions.push(ilike(payOrders.orderNo, `%${escapeLike(f.orderNo)}%`));
    if (f.userId) conditions.push(eq(payOrders.userId, f.userId));
    if (f.state) conditions.push(eq(payOrders.state, f.state));
    if (f.payMethod !== undefined) conditions.push(eq(payOrders.payMethod, f.payMethod));
    if (f.from) conditions.push(gte(payOrders.createdAt, filterInstant(f.from)));
    if (f.to) conditions.push(lt(payOrders.createdAt, filterInstant(f.to)));
    return consoleKeysetPage(db, q, {
      table: payOrders,
      id: payOrders.id,
      createdAt: payOrders.createdAt,
      where: and(...conditions),
      unfiltered: conditions.length === 1,
      byCreateTime: (q.sortField ?? 'createTime') === 'createTime',
      otherOrder: sortedBy(
        { createTime: payOrders.createdAt, payTime: payOrders.paidAt, amountFen: payOrders.amountFen },
        q,
        'createTime',
        payOrders.id,
      ),
      rows: (where, order) =>
        db
          .select()
          .from(payOrders)
          .where(where)
          .orderBy(...order),
    });
  },

  async order(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.id, id)));
    return row;
  },

  /** One page of a review queue by state and user, in the operator's order. */
  reviewPage<Q extends ReviewQueue>(queue: Q, tenantId: number, q: ReviewQuery) {
    const table = queue as ReviewQueue;
    const conditions: SQL[] = [eq(table.tenantId, tenantId)];
    if (q.filters.state) conditions.push(eq(table.state, q.filters.state));
    if (q.filters.userId) conditions.push(eq(table.userId, q.filters.userId));
    const where = and(...conditions);
    return paged<Q['$inferSelect']>(
      q,
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(
          ...sortedBy(
            { createTime: table.createdAt, reviewTime: table.reviewedAt },
            q,
            'createTime',
            table.id,
          ),
        ),
      db.select({ total: count() }).from(table).where(where),
    );
  },

  /** One entry of a review queue. */
  async reviewEntry<Q extends ReviewQueue>(queue: Q, tenantId: number, id: number) {
    const table = queue as ReviewQueue;
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
    return row as Q['$inferSelect'] | undefined;
  },

  /** Ambassador tasks by id. */
  tasks: (ids: number[]) =>
    ids.length
      ? db.select().from(ambassadorTasks).where(inArray(ambassadorTasks.id, ids))
      : Promise.resolve([]),
});
export type CommerceViewsRepository = ReturnType<typeof createCommerceViewsRepository>;
