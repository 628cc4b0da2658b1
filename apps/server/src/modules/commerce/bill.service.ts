import type { Bill, endpoints, ParsedBodyOf } from '@app/contract';
import './commerce.messages.js';
import { shanghaiDate } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { mapKeysetPage } from '../../platform/db/keyset-page.js';
import { createBillRepository, type LedgerRow } from './bill.repository.js';
import type { OrderService } from './order.service.js';

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
  const { orders } = deps;
  const repo = createBillRepository(deps.db);

  return {
    page: async (tenantId: number, userId: number, q: ParsedBodyOf<typeof endpoints.goldPackageBillPage>) =>
      mapKeysetPage(
        await repo.page(tenantId, userId, {
          ...q,
          between: q.month ? shanghaiMonthRange(q.month) : undefined,
        }),
        (rows) => rows.map(toBill),
      ),

    /** Each Asia/Shanghai day's income, expense and total of a month, summed in the database. */
    async calendar(tenantId: number, userId: number, month: string, currency: 'gold' | 'points') {
      const rows = await repo.daySums(tenantId, userId, currency, shanghaiMonthRange(month));
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
      const row = await repo.one(tenantId, userId, id);
      if (!row) throw notFound('bill_not_found');
      const order =
        row.refType === 'order' && row.refId ? await orders.findForBill(tenantId, userId, row.refId) : null;
      return { ...toBill(row), order };
    },
  };
};
