import { and, count, countDistinct, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { statEvents } from './stats.table.js';

type DayRange = { from: string; to: string };

const createStatsRepository = (db: DbOrTx) => ({
  async insert(rows: (typeof statEvents.$inferInsert)[]) {
    if (rows.length) await db.insert(statEvents).values(rows);
  },

  /** Per day with activity: devices, logged-in users, sessions and page views. */
  dailyActive: (tenantId: number, range: DayRange) =>
    db
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
      .groupBy(statEvents.day),

  /** Names seen most often in the range, with how many devices saw them (the 500 most frequent). */
  topNames: (tenantId: number, kind: 'page' | 'event', range: DayRange) =>
    db
      .select({ name: statEvents.name, count: count(), visitors: countDistinct(statEvents.deviceId) })
      .from(statEvents)
      .where(
        and(
          eq(statEvents.tenantId, tenantId),
          eq(statEvents.kind, kind),
          gte(statEvents.day, range.from),
          lte(statEvents.day, range.to),
        ),
      )
      .groupBy(statEvents.name)
      .orderBy(desc(count()), statEvents.name)
      .limit(500),
});

/** The stats' repositories, made once per module (over the pool, or a transaction's). */
export const createStatsRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ events: createStatsRepository(executor) }));
export type StatsRepositories = ReturnType<typeof createStatsRepositories>;

/** Active devices and page views per day of the range, from the app's statistics (the console's dashboard). */
export const dailyActivity = (db: DbOrTx, tenantId: number, from: string, to: string) =>
  createStatsRepository(db).dailyActive(tenantId, { from, to });
