import type { endpoints, ResultOf } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/identity/actor.js';
import { addDays, daysBetween, type RollupService } from './rollup.service.js';

type Dashboard = ResultOf<typeof endpoints.consoleDashboard>;
type Day = Dashboard['today'];
type JobState = Dashboard['jobs'][number]['state'];

const DAYS = 30;

/** The day fields each plain metric adds to. */
const dayFields: Record<string, Exclude<keyof Day, 'date'>> = {
  new_users: 'newUsers',
  active_users: 'activeUsers',
  page_views: 'pageViews',
  gold_spent: 'goldSpent',
  chat_questions: 'chatQuestions',
  check_ins: 'checkIns',
  paid_orders: 'paidOrders',
  revenue_fen: 'revenueFen',
  gold_sold: 'goldSold',
  gold_daily_free: 'goldDailyFree',
};

/**
 * The console's dashboard: today and the last 30 Asia/Shanghai days, read from the daily rollups
 * (~30 rows per metric); no raw table is aggregated here.
 */
export const createDashboardService = (deps: { clock: Clock; rollups: RollupService }) => {
  return async ({ tenantId }: Actor): Promise<Dashboard> => {
    const today = shanghaiDate(deps.clock.now());
    const firstDay = addDays(today, -(DAYS - 1));
    const rows = await deps.rollups.read(tenantId, firstDay, today);

    const days = new Map<string, Day>(
      daysBetween(firstDay, today).map((date) => [
        date,
        {
          date,
          newUsers: 0,
          activeUsers: 0,
          pageViews: 0,
          paidOrders: 0,
          revenueFen: 0,
          goldSold: 0,
          goldDailyFree: 0,
          goldSpent: 0,
          chatQuestions: 0,
          checkIns: 0,
        },
      ]),
    );
    const byMethod = new Map<number, { payMethod: number; orders: number; revenueFen: number }>();
    const jobs = new Map<
      string,
      { type: string; state: JobState; count: number; timed: number; seconds: number }
    >();
    for (const { day, metric, value } of rows) {
      const [name = '', ...key] = metric.split(':');
      const entry = days.get(day);
      const field = dayFields[name];
      if (entry && field) entry[field] += value;
      if (name === 'paid_orders' || name === 'revenue_fen') {
        const payMethod = Number(key[0]);
        const m = byMethod.get(payMethod) ?? { payMethod, orders: 0, revenueFen: 0 };
        if (name === 'paid_orders') m.orders += value;
        else m.revenueFen += value;
        byMethod.set(payMethod, m);
      } else if (name === 'jobs' || name === 'job_timed' || name === 'job_seconds') {
        const [type = '', state = ''] = key;
        const id = `${type}:${state}`;
        const j = jobs.get(id) ?? { type, state: state as JobState, count: 0, timed: 0, seconds: 0 };
        if (name === 'jobs') j.count += value;
        else if (name === 'job_timed') j.timed += value;
        else j.seconds += value;
        jobs.set(id, j);
      }
    }

    const list = [...days.values()];
    return {
      today: list[list.length - 1]!,
      days: list,
      revenueByPayMethod: [...byMethod.values()].sort((a, b) => a.payMethod - b.payMethod),
      jobs: [...jobs.values()]
        .filter((j) => j.count > 0)
        .map((j) => ({
          type: j.type,
          state: j.state,
          count: j.count,
          avgSeconds: j.timed ? Math.round((j.seconds / j.timed) * 10) / 10 : null,
        })),
    };
  };
};
