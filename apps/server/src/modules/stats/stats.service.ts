import { and, count, countDistinct, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { statEvents } from './stats.table.js';

const DAY_MS = 86400_000;
/** Items older than this or further ahead than FUTURE_MS (client clock skew) are dropped. */
const MAX_AGE_MS = 7 * DAY_MS;
const FUTURE_MS = 5 * 60_000;

export interface StatReportInput {
  deviceId: string;
  sessionId: string;
  platform: string;
  items: { type: 'page' | 'event'; name: string; value?: string; time: number }[];
}

/** Route paths are counted without their query or hash, so `/a?id=1` and `/a?id=2` are one route. */
const routeOf = (name: string) => name.split(/[?#]/)[0] || '/';

const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

export const createStatsService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const inRange = (tenantId: number, kind: 'page' | 'event', range: { from: string; to: string }) =>
    and(
      eq(statEvents.tenantId, tenantId),
      eq(statEvents.kind, kind),
      gte(statEvents.day, range.from),
      lte(statEvents.day, range.to),
    );

  return {
    async report(tenantId: number, userId: number | null, report: StatReportInput) {
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
      if (rows.length) await db.insert(statEvents).values(rows);
      return { accepted: rows.length, dropped: report.items.length - rows.length };
    },

    /** Every day of the range, days without activity included (zeros). */
    async dailyActive(tenantId: number, range: { from: string; to: string }) {
      const rows = await db
        .select({
          day: statEvents.day,
          activeUsers: countDistinct(statEvents.deviceId),
          loggedInUsers: countDistinct(statEvents.userId),
          sessions: countDistinct(statEvents.sessionId),
          pageViews: sql<number>`count(*) filter (where ${statEvents.kind} = 'page')`.mapWith(Number),
        })
        .from(statEvents)
        .where(
          and(
            eq(statEvents.tenantId, tenantId),
            gte(statEvents.day, range.from),
            lte(statEvents.day, range.to),
          ),
        )
        .groupBy(statEvents.day);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      return daysBetween(range.from, range.to).map(
        (day) => byDay.get(day) ?? { day, activeUsers: 0, loggedInUsers: 0, sessions: 0, pageViews: 0 },
      );
    },

    async pageViews(tenantId: number, range: { from: string; to: string }) {
      return db
        .select({ route: statEvents.name, views: count(), visitors: countDistinct(statEvents.deviceId) })
        .from(statEvents)
        .where(inRange(tenantId, 'page', range))
        .groupBy(statEvents.name)
        .orderBy(desc(count()), statEvents.name)
        .limit(500);
    },

    async events(tenantId: number, range: { from: string; to: string }) {
      return db
        .select({ name: statEvents.name, count: count(), visitors: countDistinct(statEvents.deviceId) })
        .from(statEvents)
        .where(inRange(tenantId, 'event', range))
        .groupBy(statEvents.name)
        .orderBy(desc(count()), statEvents.name)
        .limit(500);
    },
  };
};
