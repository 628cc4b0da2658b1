import {
  billTargetOf,
  ledgerKindOf,
  LEDGER_REASONS,
  type Bill,
  type endpoints,
  type LedgerReason,
  type ParsedBodyOf,
} from '@app/contract';
import '../commerce.messages.js';
import { shanghaiDate } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import { mapKeysetPage } from '../../../platform/db/keyset-page.js';
import type { Actor } from '../../../platform/identity/actor.js';
import type { BillRow } from './bill.repository.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { OrderService } from '../orders/order.service.js';

/** [start, end) instants of a YYYY-MM month in Asia/Shanghai (UTC+8, no daylight saving). */
const shanghaiMonthRange = (month: string): [Date, Date] => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000);
  const end = new Date(Date.UTC(y, m, 1) - 8 * 3600_000);
  return [start, end];
};

const kindOf = (reason: string): LedgerReason => {
  const kind = ledgerKindOf(reason);
  // Rows written before the reason list existed fall back to an operator's grant (a real label, never "other").
  return (LEDGER_REASONS as readonly string[]).includes(kind) ? (kind as LedgerReason) : 'operator_grant';
};

/** A ledger row as the records page shows it; a task hold's row carries the task's state and what it finally cost. */
const toBill = ({ row, holdStatus }: BillRow): Bill => ({
  id: row.id,
  currency: row.currency,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  reason: row.reason,
  kind: kindOf(row.reason),
  state: holdStatus,
  net: holdStatus === 'released' ? 0 : row.amount,
  refType: row.refType,
  refId: row.refId,
  target: billTargetOf(row.refType, row.refId),
  date: shanghaiDate(row.createdAt),
  createTime: row.createdAt.toISOString(),
});

export const createBillService = (deps: { store: CommerceRepositories; orders: OrderService }) => {
  const { orders, store } = deps;
  const { bills: repo } = store.repos;

  return {
    page: async ({ tenantId, uid }: Actor, q: ParsedBodyOf<typeof endpoints.goldPackageBillPage>) =>
      mapKeysetPage(
        await repo.page(tenantId, uid, {
          ...q,
          between: q.month ? shanghaiMonthRange(q.month) : undefined,
        }),
        (rows) => rows.map(toBill),
      ),

    /** Each Asia/Shanghai day's income, expense and total of a month, summed in the database. */
    async calendar({ tenantId, uid }: Actor, month: string, currency: 'gold' | 'points') {
      const rows = await repo.daySums(tenantId, uid, currency, shanghaiMonthRange(month));
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

    async detail(actor: Actor, id: number) {
      const row = await repo.one(actor.tenantId, actor.uid, id);
      if (!row) throw notFound('bill_not_found');
      const { refType, refId } = row.row;
      const order = refType === 'order' && refId ? await orders.findForBill(actor, refId) : null;
      return { ...toBill(row), order };
    },
  };
};
