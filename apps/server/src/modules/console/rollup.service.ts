import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { CommerceConsoleViews } from '../commerce/index.js';
import type { ConsoleRepositories } from './console.repository.js';
import { DAY_MARKER, type MetricRow } from './rollup.repository.js';

const DAY_MS = 86_400_000;
/** How old today's figures may be when the dashboard reads them. */
const TODAY_FRESH_MS = 60_000;
/** How often the recurring refresh recomputes yesterday and today of every tenant. */
export const ROLLUP_REFRESH_MS = 5 * 60_000;
export const ROLLUP_REFRESH_JOB = 'console_daily_rollup';

/** The Asia/Shanghai day `n` days after `day` (China has no DST). */
export const addDays = (day: string, n: number) =>
  shanghaiDate(new Date(Date.parse(`${day}T12:00:00+08:00`) + n * DAY_MS));
/** The first instant of an Asia/Shanghai day. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The days `from`..`to`, in order. */
export const daysBetween = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
};

/**
 * The dashboard's daily figures. `refresh` recomputes whole days from indexed ranges of the source tables
 * (one grouped query per source for the range of days) and stores them; the recurring job refreshes
 * yesterday and today of every tenant, so late writes (a statistic reported after midnight) land too, and
 * days no refresh has computed yet are filled the first time they are read.
 *
 * Metrics: `new_users`, `active_users`, `page_views`, `gold_spent`, `chat_questions`, `check_ins`,
 * `gold_daily_free` (free packages claimed);
 * per pay method `paid_orders:<m>`, `revenue_fen:<m>`, `gold_sold:<m>` (by the day the order was paid; the
 * gold of free claims is not gold sold);
 * per job type and state `jobs:<type>:<state>`, `job_timed:<type>:<state>`, `job_seconds:<type>:<state>`
 * (by the day the job was created).
 */
export const createRollupService = (deps: {
  store: ConsoleRepositories;
  clock: Clock;
  commerce: CommerceConsoleViews;
}) => {
  const { store, clock } = deps;

  /** Every figure of the days `from`..`to`, zeros for the day marker so that each day counts as computed. */
  const compute = async (tenantId: number, from: string, to: string) => {
    const since = startOf(from);
    const until = startOf(addDays(to, 1));
    const { console: repo, daily } = store.repos;
    const [newUsers, activity, orders, goldSpent, questions, checkIns, jobRows] = await Promise.all([
      repo.newUsersByDay(tenantId, since, until),
      daily.activity(tenantId, from, to),
      deps.commerce.paidOrdersByDay(tenantId, since, until),
      repo.goldSpentByDay(tenantId, since, until),
      daily.chatQuestions(tenantId, since, until),
      daily.checkIns(tenantId, from, to),
      repo.jobsByDay(tenantId, since, until),
    ]);
    const byDay = new Map<string, Map<string, number>>(
      daysBetween(from, to).map((d) => [d, new Map([[DAY_MARKER, 0]])]),
    );
    const add = (day: string | null, metric: string, value: number | string | null) => {
      const metrics = day ? byDay.get(day) : undefined;
      if (metrics && value !== null) metrics.set(metric, (metrics.get(metric) ?? 0) + Number(value));
    };
    for (const r of newUsers) add(r.day, DAY_MARKER, r.n);
    for (const r of activity) {
      add(r.day, 'active_users', r.activeUsers);
      add(r.day, 'page_views', r.pageViews);
    }
    for (const r of orders) {
      add(r.day, `paid_orders:${r.payMethod}`, r.orders);
      add(r.day, `revenue_fen:${r.payMethod}`, r.revenueFen);
      add(r.day, `gold_sold:${r.payMethod}`, r.gold);
      if (r.goldDailyFree) add(r.day, 'gold_daily_free', r.goldDailyFree);
    }
    for (const r of goldSpent) add(r.day, 'gold_spent', r.n);
    for (const r of questions) add(r.day, 'chat_questions', r.n);
    for (const r of checkIns) add(r.day, 'check_ins', r.n);
    for (const r of jobRows) {
      add(r.day, `jobs:${r.type}:${r.state}`, r.count);
      add(r.day, `job_timed:${r.type}:${r.state}`, r.timed);
      add(r.day, `job_seconds:${r.type}:${r.state}`, r.seconds);
    }
    return byDay;
  };

  /** Recomputes and stores the tenant's days `from`..`to`. */
  const refresh = async (tenantId: number, from: string, to: string) => {
    const byDay = await compute(tenantId, from, to);
    const now = clock.now();
    await store.transaction(async ({ rollups }) => {
      await rollups.lockTenant(tenantId);
      for (const [day, metrics] of byDay) {
        const rows: MetricRow[] = [...metrics].map(([metric, value]) => ({ day, metric, value }));
        await rollups.replaceDay(tenantId, day, rows, now);
      }
    });
  };

  /** One fill at a time per tenant in this process: concurrent first views share it. */
  const filling = new Map<number, Promise<void>>();

  return {
    refresh,

    /** The recurring work: yesterday and today of every enabled tenant. */
    async refreshRecent() {
      const today = shanghaiDate(clock.now());
      const tenantIds = await store.repos.rollups.enabledTenants();
      for (const tenantId of tenantIds) await refresh(tenantId, addDays(today, -1), today);
      return { tenants: tenantIds.length };
    },

    /**
     * The stored figures of `from`..`to`. Days never computed (a new deploy, a fresh database) are computed
     * once, here, and stored; today is recomputed when its figures are older than a minute (at most once a
     * minute per tenant and process, over today's rows only), so the dashboard's "today" stays current
     * between the recurring refreshes.
     */
    async read(tenantId: number, from: string, to: string) {
      const { rollups } = store.repos;
      const dueDays = (rows: { day: string; metric: string; refreshedAt: Date }[]) => {
        const markers = new Map(
          rows.filter((r) => r.metric === DAY_MARKER).map((r) => [r.day, r.refreshedAt]),
        );
        const now = clock.now().getTime();
        const today = shanghaiDate(clock.now());
        return daysBetween(from, to).filter((day) => {
          const refreshedAt = markers.get(day);
          return !refreshedAt || (day === today && now - refreshedAt.getTime() > TODAY_FRESH_MS);
        });
      };
      let rows = await rollups.range(tenantId, from, to);
      // Twice at most: a fill already running (another view's) may have covered other days than ours.
      for (let round = 0; round < 2; round += 1) {
        const due = dueDays(rows);
        if (!due.length) break;
        let fill = filling.get(tenantId);
        if (!fill) {
          fill = refresh(tenantId, due[0]!, due[due.length - 1]!).finally(() => filling.delete(tenantId));
          filling.set(tenantId, fill);
        }
        await fill;
        rows = await rollups.range(tenantId, from, to);
      }
      return rows;
    },
  };
};
export type RollupService = ReturnType<typeof createRollupService>;
