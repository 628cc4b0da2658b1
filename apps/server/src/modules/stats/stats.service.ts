import type { endpoints, ParsedBodyOf, ParsedQueryOf } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { StatsRepositories } from './stats.repository.js';

const DAY_MS = 86400_000;
/** Items older than this or further ahead than FUTURE_MS (client clock skew) are dropped. */
const MAX_AGE_MS = 7 * DAY_MS;
const FUTURE_MS = 5 * 60_000;

type DayRange = ParsedQueryOf<typeof endpoints.statDailyActive>;

/** Route paths are counted without their query or hash, so `/a?id=1` and `/a?id=2` are one route. */
const routeOf = (name: string) => name.split(/[?#]/)[0] || '/';

const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

export const createStatsService = (deps: { store: StatsRepositories; clock: Clock }) => {
  const { clock } = deps;
  const repo = deps.store.repos.events;

  return {
    /** A client's batch; the rows name the caller when signed in or a visitor (an anonymous caller's uid 0 is stored as null). */
    async report({ tenantId, uid }: Actor, report: ParsedBodyOf<typeof endpoints.statReport>) {
      const userId = uid > 0 ? uid : null;
      const now = clock.now();
      const rows = report.items
        .filter((item) => item.time >= now.getTime() - MAX_AGE_MS && item.time <= now.getTime() + FUTURE_MS)
        .map((item) => {
          const occurredAt = new Date(item.time);
          return {
            tenantId,
            day: shanghaiDate(occurredAt),
            kind: item.type,
            name: item.type === 'page' ? routeOf(item.name) : item.name,
            value: item.value ?? null,
            sessionId: report.sessionId,
            deviceId: report.deviceId,
            userId,
            platform: report.platform,
            occurredAt,
            receivedAt: now,
          };
        });
      await repo.insert(rows);
      return { accepted: rows.length, dropped: report.items.length - rows.length };
    },

    /** Every day of the range, days without activity included (zeros). */
    async dailyActive({ tenantId }: Actor, range: DayRange) {
      const byDay = new Map((await repo.dailyActive(tenantId, range)).map((r) => [r.day, r]));
      return daysBetween(range.from, range.to).map(
        (day) => byDay.get(day) ?? { day, activeUsers: 0, loggedInUsers: 0, sessions: 0, pageViews: 0 },
      );
    },

    async pageViews({ tenantId }: Actor, range: DayRange) {
      const rows = await repo.topNames(tenantId, 'page', range);
      return rows.map((r) => ({ route: r.name, views: r.count, visitors: r.visitors }));
    },

    events: ({ tenantId }: Actor, range: DayRange) => repo.topNames(tenantId, 'event', range),
  };
};
