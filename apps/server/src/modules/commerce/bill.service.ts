import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Bill } from '@app/contract';
import './commerce.messages.js';
import { shanghaiDate } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import type { OrderService } from './order.service.js';

type LedgerRow = typeof ledger.$inferSelect;

/** [start, end) instants of a YYYY-MM month in Asia/Shanghai (UTC+8, no daylight saving). */
export const shanghaiMonthRange = (month: string): [Date, Date] => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000);
  const end = new Date(Date.UTC(y, m, 1) - 8 * 3600_000);
  return [start, end];
};

const toBill = (row: LedgerRow): Bill => ({
  id: row.id,
  currency: row.currency,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  reason: row.reason,
  refType: row.refType,
  refId: row.refId,
  date: shanghaiDate(row.createdAt),
  createTime: row.createdAt.toISOString(),
});

export const createBillService = (deps: { db: Db; orders: OrderService }) => {
  const { db, orders } = deps;

  return {
    async page(
      tenantId: number,
      userId: number,
      q: { page: number; pageSize: number; currency?: 'gold' | 'points'; month?: string },
    ) {
      const conditions: SQL[] = [eq(ledger.tenantId, tenantId), eq(ledger.userId, userId)];
      if (q.currency) conditions.push(eq(ledger.currency, q.currency));
      if (q.month) {
        const [start, end] = shanghaiMonthRange(q.month);
        conditions.push(gte(ledger.createdAt, start), lt(ledger.createdAt, end));
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ledger)
          .where(where)
          .orderBy(desc(ledger.createdAt), desc(ledger.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(ledger).where(where),
      ]);
      return { items: rows.map(toBill), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
    },

    /** Each Asia/Shanghai day's income, expense and total of a month, summed in the database. */
    async calendar(tenantId: number, userId: number, month: string, currency: 'gold' | 'points') {
      const [start, end] = shanghaiMonthRange(month);
      const day = sql<string>`to_char((${ledger.createdAt} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          date: day,
          income: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.amount} > 0), 0)::int`,
          expense: sql<number>`coalesce(-sum(${ledger.amount}) filter (where ${ledger.amount} < 0), 0)::int`,
          count: sql<number>`count(*)::int`,
        })
        .from(ledger)
        .where(
          and(
            eq(ledger.tenantId, tenantId),
            eq(ledger.userId, userId),
            eq(ledger.currency, currency),
            gte(ledger.createdAt, start),
            lt(ledger.createdAt, end),
          ),
        )
        .groupBy(day)
        .orderBy(day);
      const days = rows.map((r) => {
        const income = Number(r.income);
        const expense = Number(r.expense);
        return { date: r.date, income, expense, total: income - expense, count: Number(r.count) };
      });
      return {
        month,
        currency,
        days,
        income: days.reduce((s, d) => s + d.income, 0),
        expense: days.reduce((s, d) => s + d.expense, 0),
      };
    },

    async detail(tenantId: number, userId: number, id: number) {
      const [row] = await db
        .select()
        .from(ledger)
        .where(and(eq(ledger.tenantId, tenantId), eq(ledger.userId, userId), eq(ledger.id, id)))
        .limit(1);
      if (!row) throw notFound('bill_not_found');
      const order =
        row.refType === 'order' && row.refId ? await orders.findForBill(tenantId, userId, row.refId) : null;
      return { ...toBill(row), order };
    },
  };
};
