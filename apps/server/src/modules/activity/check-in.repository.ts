import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { checkIns } from './activity.table.js';

export const createCheckInRepository = (db: DbOrTx) => ({
  async on(tenantId: number, uid: number, date: string) {
    const [row] = await db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.tenantId, tenantId), eq(checkIns.userId, uid), eq(checkIns.date, date)));
    return row;
  },

  /**
   * Records the day's check-in; undefined when the user has one that day already: the unique (tenant, user,
   * date) index decides a race of double taps (on PostgreSQL the loser waits for the winner's commit).
   */
  async insert(values: {
    tenantId: number;
    userId: number;
    date: string;
    streak: number;
    points: number;
    createdAt: Date;
  }) {
    const [row] = await db.insert(checkIns).values(values).onConflictDoNothing().returning();
    return row;
  },

  between: (tenantId: number, uid: number, first: string, last: string) =>
    db
      .select({ date: checkIns.date, points: checkIns.points, streak: checkIns.streak })
      .from(checkIns)
      .where(
        and(
          eq(checkIns.tenantId, tenantId),
          eq(checkIns.userId, uid),
          gte(checkIns.date, first),
          lte(checkIns.date, last),
        ),
      ),

  page(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
    const where = and(eq(checkIns.tenantId, tenantId), eq(checkIns.userId, uid));
    return paged(
      page,
      db.select().from(checkIns).where(where).orderBy(desc(checkIns.date)),
      db.select({ total: count() }).from(checkIns).where(where),
    );
  },
});

/** Check-ins per Asia/Shanghai day from `fromDay` to `toDay` (the console's rollups). */
export const dailyCheckIns = (db: DbOrTx, tenantId: number, fromDay: string, toDay: string) =>
  db
    .select({ day: checkIns.date, n: count() })
    .from(checkIns)
    .where(and(eq(checkIns.tenantId, tenantId), gte(checkIns.date, fromDay), lte(checkIns.date, toDay)))
    .groupBy(checkIns.date);
