import { and, count, eq, gt, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PayMethod, type endpoints, type ParsedBodyOf, type ResultOf } from '@app/contract';
import { filterInstant } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { authorSummariesOf, authorSummaryIn } from '../../platform/identity/author.js';
import { mapPage, paged } from '../../platform/db/paged.js';
import { escapeLike, shanghaiDay, sortedBy, waitingQueue } from '../../platform/db/sql.js';
import type { createAmbassadorService } from './ambassador.service.js';
import { toOrder, type OrderRow } from './commerce.mappers.js';
import {
  ambassadorApplications,
  ambassadorSubmissions,
  ambassadorTasks,
  payOrders,
} from './commerce.table.js';

type ConsoleOrder = ResultOf<typeof endpoints.consoleOrderDetail>;
type ConsoleApplication = ResultOf<typeof endpoints.consoleAmbassadorApplicationApprove>;
type ConsoleSubmission = ResultOf<typeof endpoints.consoleAmbassadorSubmissionApprove>;
type AmbassadorQuery = ParsedBodyOf<typeof endpoints.consoleAmbassadorApplicationPage>;

/** The console's tables of commerce: orders (offline payments included) and ambassador reviews. */
export const createCommerceConsoleViews = (
  db: Db,
  ambassadors: ReturnType<typeof createAmbassadorService>,
) => {
  const orderItems = async (rows: OrderRow[]): Promise<ConsoleOrder[]> => {
    const refs = await authorSummariesOf(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((row) => ({
      ...toOrder(row),
      user: authorSummaryIn(refs, row.userId),
      remark: row.remark,
    }));
  };

  const ambassadorWhere = (
    table: typeof ambassadorApplications | typeof ambassadorSubmissions,
    tenantId: number,
    q: AmbassadorQuery,
  ) => {
    const conditions: SQL[] = [eq(table.tenantId, tenantId)];
    if (q.filters.state) conditions.push(eq(table.state, q.filters.state));
    if (q.filters.userId) conditions.push(eq(table.userId, q.filters.userId));
    return and(...conditions);
  };

  const applicationItems = async (
    rows: (typeof ambassadorApplications.$inferSelect)[],
  ): Promise<ConsoleApplication[]> => {
    const refs = await authorSummariesOf(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      id: r.id,
      user: authorSummaryIn(refs, r.userId),
      platform: r.platform,
      accountName: r.accountName,
      followers: r.followers,
      contact: r.contact,
      reason: r.reason,
      state: r.state,
      reviewNote: r.reviewNote,
      reviewTime: r.reviewedAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    }));
  };

  const submissionItems = async (
    rows: (typeof ambassadorSubmissions.$inferSelect)[],
  ): Promise<ConsoleSubmission[]> => {
    const [views, refs] = await Promise.all([
      ambassadors.toSubmissions(rows),
      authorSummariesOf(
        db,
        rows.map((r) => r.userId),
      ),
    ]);
    const taskIds = [...new Set(rows.map((r) => r.taskId))];
    const tasks = taskIds.length
      ? await db.select().from(ambassadorTasks).where(inArray(ambassadorTasks.id, taskIds))
      : [];
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    return views.map(({ userId, rewardTime: _claimedAt, ...view }) => {
      const task = taskById.get(view.taskId);
      return {
        ...view,
        user: authorSummaryIn(refs, userId),
        taskTitle: task?.title ?? '',
        rewardGold: task?.rewardGold ?? 0,
        rewardVipDays: task?.rewardVipDays ?? 0,
      };
    });
  };

  return {
    /** The console's queues of commerce: ambassador applications and screenshots, offline transfers. */
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

    /** Paid orders since `since`, per Asia/Shanghai day and pay method: count, revenue and gold granted. */
    paidOrdersByDay(tenantId: number, since: Date) {
      const day = shanghaiDay(payOrders.paidAt);
      return db
        .select({
          day,
          payMethod: payOrders.payMethod,
          orders: sql<number>`count(*)::int`,
          revenueFen: sql<number>`coalesce(sum(${payOrders.amountFen}), 0)::int`,
          gold: sql<number>`coalesce(sum(${payOrders.gold}), 0)::int`,
        })
        .from(payOrders)
        .where(
          and(
            eq(payOrders.tenantId, tenantId),
            sql`${payOrders.state} IN ('paid', 'refunded')`,
            gte(payOrders.paidAt, since),
          ),
        )
        .groupBy(day, payOrders.payMethod);
    },

    /** A user's paid orders and what they paid, for the console's user page. */
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

    async orderPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleOrderPage>) {
      const f = q.filters;
      const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
      if (f.orderNo) conditions.push(ilike(payOrders.orderNo, `%${escapeLike(f.orderNo)}%`));
      if (f.userId) conditions.push(eq(payOrders.userId, f.userId));
      if (f.state) conditions.push(eq(payOrders.state, f.state));
      if (f.payMethod !== undefined) conditions.push(eq(payOrders.payMethod, f.payMethod));
      if (f.from) conditions.push(gte(payOrders.createdAt, filterInstant(f.from)));
      if (f.to) conditions.push(lt(payOrders.createdAt, filterInstant(f.to)));
      const where = and(...conditions);
      const page = await paged(
        q,
        db
          .select()
          .from(payOrders)
          .where(where)
          .orderBy(
            ...sortedBy(
              { createTime: payOrders.createdAt, payTime: payOrders.paidAt, amountFen: payOrders.amountFen },
              q,
              'createTime',
              payOrders.id,
            ),
          ),
        db.select({ total: count() }).from(payOrders).where(where),
      );
      return mapPage(page, orderItems);
    },

    async order(tenantId: number, id: number): Promise<ConsoleOrder> {
      const [row] = await db
        .select()
        .from(payOrders)
        .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.id, id)));
      if (!row) throw notFound('order_not_found');
      return (await orderItems([row]))[0]!;
    },

    async applicationPage(tenantId: number, q: AmbassadorQuery) {
      const where = ambassadorWhere(ambassadorApplications, tenantId, q);
      const page = await paged(
        q,
        db
          .select()
          .from(ambassadorApplications)
          .where(where)
          .orderBy(
            ...sortedBy(
              { createTime: ambassadorApplications.createdAt, reviewTime: ambassadorApplications.reviewedAt },
              q,
              'createTime',
              ambassadorApplications.id,
            ),
          ),
        db.select({ total: count() }).from(ambassadorApplications).where(where),
      );
      return mapPage(page, applicationItems);
    },

    async application(tenantId: number, id: number): Promise<ConsoleApplication> {
      const [row] = await db
        .select()
        .from(ambassadorApplications)
        .where(and(eq(ambassadorApplications.tenantId, tenantId), eq(ambassadorApplications.id, id)));
      if (!row) throw notFound('console_not_found');
      return (await applicationItems([row]))[0]!;
    },

    async submissionPage(tenantId: number, q: AmbassadorQuery) {
      const where = ambassadorWhere(ambassadorSubmissions, tenantId, q);
      const page = await paged(
        q,
        db
          .select()
          .from(ambassadorSubmissions)
          .where(where)
          .orderBy(
            ...sortedBy(
              { createTime: ambassadorSubmissions.createdAt, reviewTime: ambassadorSubmissions.reviewedAt },
              q,
              'createTime',
              ambassadorSubmissions.id,
            ),
          ),
        db.select({ total: count() }).from(ambassadorSubmissions).where(where),
      );
      return mapPage(page, submissionItems);
    },

    async submission(tenantId: number, id: number): Promise<ConsoleSubmission> {
      const [row] = await db
        .select()
        .from(ambassadorSubmissions)
        .where(and(eq(ambassadorSubmissions.tenantId, tenantId), eq(ambassadorSubmissions.id, id)));
      if (!row) throw notFound('console_not_found');
      return (await submissionItems([row]))[0]!;
    },
  };
};
export type CommerceConsoleViews = ReturnType<typeof createCommerceConsoleViews>;
