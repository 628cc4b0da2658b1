import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { CheckInDetail, CheckInResult } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { loadActivityRules, pointsForStreakDay } from './activity-rules.js';
import { checkIns } from './activity.table.js';
import { addDays, pointsOf } from './rewards.js';

/**
 * Daily check-in: once per Asia/Shanghai day (unique (user, date) row), points from the `checkIn` rule by
 * the day of the streak, the streak resets after a missed day, the ledger row in the same transaction.
 */
export const createCheckInService = ({ db, clock }: { db: Db; clock: Clock }) => {
  const rowOn = async (tx: DbOrTx, tenantId: number, uid: number, date: string) => {
    const [row] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.tenantId, tenantId), eq(checkIns.userId, uid), eq(checkIns.date, date)));
    return row;
  };

  return {
    async checkIn(tenantId: number, uid: number): Promise<CheckInResult> {
      const { checkIn: rule } = await loadActivityRules(db, tenantId);
      const today = shanghaiDate(clock.now());
      return db.transaction(async (tx) => {
        const yesterday = await rowOn(tx, tenantId, uid, addDays(today, -1));
        const streak = (yesterday?.streak ?? 0) + 1;
        const points = pointsForStreakDay(rule, streak);
        // The unique (tenant, user, date) index decides a race of double taps: the loser inserts nothing
        // (on PostgreSQL it waits for the winner's commit) and answers today's row.
        const [row] = await tx
          .insert(checkIns)
          .values({ tenantId, userId: uid, date: today, streak, points, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const existing = (await rowOn(tx, tenantId, uid, today))!;
          return {
            alreadyCheckedIn: true,
            date: today,
            pointsGained: existing.points,
            streak: existing.streak,
            points: await pointsOf(tx, tenantId, uid),
            tomorrowPoints: pointsForStreakDay(rule, existing.streak + 1),
          };
        }
        const balance =
          points > 0
            ? await changeBalance(tx, {
                tenantId,
                userId: uid,
                currency: 'points',
                amount: points,
                reason: 'check_in',
                refType: 'checkin',
                refId: String(row.id),
              })
            : await pointsOf(tx, tenantId, uid);
        return {
          alreadyCheckedIn: false,
          date: today,
          pointsGained: points,
          streak,
          points: balance,
          tomorrowPoints: pointsForStreakDay(rule, streak + 1),
        };
      });
    },

    async detail(tenantId: number, uid: number, month?: string): Promise<CheckInDetail> {
      const { checkIn: rule } = await loadActivityRules(db, tenantId);
      const today = shanghaiDate(clock.now());
      const shown = month ?? today.slice(0, 7);
      const first = `${shown}-01`;
      const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
      const [todayRow, yesterdayRow, monthRows, points] = await Promise.all([
        rowOn(db, tenantId, uid, today),
        rowOn(db, tenantId, uid, addDays(today, -1)),
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
        pointsOf(db, tenantId, uid),
      ]);
      const byDate = new Map(monthRows.map((r) => [r.date, r]));
      const days = [];
      for (let date = first; date <= last; date = addDays(date, 1)) {
        const row = byDate.get(date);
        days.push({
          date,
          checkedIn: !!row,
          points: row?.points ?? null,
          streak: row?.streak ?? null,
        });
      }
      const streak = todayRow?.streak ?? yesterdayRow?.streak ?? 0;
      return {
        today,
        checkedInToday: !!todayRow,
        streak,
        todayPoints: todayRow?.points ?? pointsForStreakDay(rule, streak + 1),
        tomorrowPoints: pointsForStreakDay(rule, todayRow ? streak + 1 : streak + 2),
        points,
        month: shown,
        days,
        monthCount: monthRows.length,
        pointsPerStreakDay: rule.pointsPerStreakDay,
        rules: rule.rules,
      };
    },

    async list(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
      const where = and(eq(checkIns.tenantId, tenantId), eq(checkIns.userId, uid));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(checkIns)
          .where(where)
          .orderBy(desc(checkIns.date))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(checkIns).where(where),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          date: r.date,
          streak: r.streak,
          points: r.points,
          createTime: r.createdAt.toISOString(),
        })),
        total: total?.total ?? 0,
        ...page,
      };
    },
  };
};
