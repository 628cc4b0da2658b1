import type { endpoints, ResultOf } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { dailyCheckIns } from '../activity/index.js';
import { dailyChatQuestions } from '../chat/index.js';
import { dailyActivity } from '../stats/index.js';
import type { CommerceConsoleViews } from '../commerce/index.js';
import { createConsoleRepository } from './console.repository.js';

type Dashboard = ResultOf<typeof endpoints.consoleDashboard>;
type Day = Dashboard['today'];

const DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The console's dashboard: today and the last 30 days, every figure an SQL aggregate
 * grouped by Asia/Shanghai day; no rows are loaded.
 */
export const createDashboardService = (deps: { db: Db; clock: Clock; commerce: CommerceConsoleViews }) => {
  const { db, clock } = deps;

  return async (tenantId: number): Promise<Dashboard> => {
    const today = shanghaiDate(clock.now());
    const firstDay = shanghaiDate(new Date(Date.parse(`${today}T00:00:00+08:00`) - (DAYS - 1) * DAY_MS));
    const since = new Date(`${firstDay}T00:00:00+08:00`);
    const repo = createConsoleRepository(db);
    const [newUsers, activity, orders, goldSpent, questions, checkIns, jobRows] = await Promise.all([
      repo.newUsersByDay(tenantId, since),
      dailyActivity(db, tenantId, firstDay, today),
      deps.commerce.paidOrdersByDay(tenantId, since),
      repo.goldSpentByDay(tenantId, since),
      dailyChatQuestions(db, tenantId, since),
      dailyCheckIns(db, tenantId, firstDay),
      repo.jobsSince(tenantId, since),
    ]);

    const days = new Map<string, Day>();
    for (let i = 0; i < DAYS; i += 1) {
      const date = shanghaiDate(new Date(since.getTime() + i * DAY_MS + 12 * 3600_000));
      days.set(date, {
        date,
        newUsers: 0,
        activeUsers: 0,
        pageViews: 0,
        paidOrders: 0,
        revenueFen: 0,
        goldSold: 0,
        goldSpent: 0,
        chatQuestions: 0,
        checkIns: 0,
      });
    }
    const add = (day: string | null, field: Exclude<keyof Day, 'date'>, value: number) => {
      const entry = day ? days.get(day) : undefined;
      if (entry) entry[field] += Number(value);
    };
    for (const r of newUsers) add(r.day, 'newUsers', r.n);
    for (const r of activity) {
      add(r.day, 'activeUsers', r.activeUsers);
      add(r.day, 'pageViews', r.pageViews);
    }
    const byMethod = new Map<number, { payMethod: number; orders: number; revenueFen: number }>();
    for (const r of orders) {
      add(r.day, 'paidOrders', r.orders);
      add(r.day, 'revenueFen', r.revenueFen);
      add(r.day, 'goldSold', r.gold);
      const m = byMethod.get(r.payMethod) ?? { payMethod: r.payMethod, orders: 0, revenueFen: 0 };
      m.orders += Number(r.orders);
      m.revenueFen += Number(r.revenueFen);
      byMethod.set(r.payMethod, m);
    }
    for (const r of goldSpent) add(r.day, 'goldSpent', r.n);
    for (const r of questions) add(r.day, 'chatQuestions', r.n);
    for (const r of checkIns) add(r.day, 'checkIns', r.n);

    const list = [...days.values()];
    return {
      today: list[list.length - 1]!,
      days: list,
      revenueByPayMethod: [...byMethod.values()].sort((a, b) => a.payMethod - b.payMethod),
      jobs: jobRows.map((j) => ({
        type: j.type,
        state: j.state as Dashboard['jobs'][number]['state'],
        count: Number(j.count),
        avgSeconds: j.avgSeconds === null ? null : Math.round(Number(j.avgSeconds) * 10) / 10,
      })),
    };
  };
};
