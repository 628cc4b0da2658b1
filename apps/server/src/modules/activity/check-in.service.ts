import type { CheckInDetail, CheckInResult, endpoints, ParsedQueryOf } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import { mapPage } from '../../platform/db/paged.js';
import type { Actor } from '../../platform/identity/actor.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { pointsForStreakDay } from './activity-rules.js';
import type { ActivityRepositories } from './activity.repository.js';
import { addDays } from './rewards.js';

/**
 * Daily check-in: once per Asia/Shanghai day (unique (user, date) row), points from the `checkIn` rule by
 * the day of the streak, the streak resets after a missed day, the ledger row in the same transaction.
 */
export const createCheckInService = ({ store, clock }: { store: ActivityRepositories; clock: Clock }) => {
  const { checkIns: repo, users: people, activityRules } = store.repos;

  return {
    async checkIn({ tenantId, uid }: Actor): Promise<CheckInResult> {
      const { checkIn: rule } = await activityRules(tenantId);
      const today = shanghaiDate(clock.now());
      return store.transaction(async ({ checkIns: days, users }, tx) => {
        const yesterday = await days.on(tenantId, uid, addDays(today, -1));
        const streak = (yesterday?.streak ?? 0) + 1;
        const points = pointsForStreakDay(rule, streak);
        // The loser of a race of double taps inserts nothing and answers today's row.
        const row = await days.insert({
          tenantId,
          userId: uid,
          date: today,
          streak,
          points,
          createdAt: clock.now(),
        });
        if (!row) {
          const existing = (await days.on(tenantId, uid, today))!;
          return {
            alreadyCheckedIn: true,
            date: today,
            pointsGained: existing.points,
            streak: existing.streak,
            points: await users.points(tenantId, uid),
            tomorrowPoints: pointsForStreakDay(rule, existing.streak + 1),
          };
        }
        const balance =
          points > 0
            ? await changeBalance(tx, {
                at: clock.now(),
                tenantId,
                userId: uid,
                currency: 'points',
                amount: points,
                reason: 'check_in',
                refType: 'checkin',
                refId: String(row.id),
              })
            : await users.points(tenantId, uid);
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

    /** The month's calendar (this month without `month`), the rule's texts in the caller's language. */
    async detail({ tenantId, uid, locale }: Actor, month?: string): Promise<CheckInDetail> {
      const { checkIn: rule } = await activityRules(tenantId, locale);
      const today = shanghaiDate(clock.now());
      const shown = month ?? today.slice(0, 7);
      const first = `${shown}-01`;
      const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
      const [todayRow, yesterdayRow, monthRows, points] = await Promise.all([
        repo.on(tenantId, uid, today),
        repo.on(tenantId, uid, addDays(today, -1)),
        repo.between(tenantId, uid, first, last),
        people.points(tenantId, uid),
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

    list: async ({ tenantId, uid }: Actor, page: ParsedQueryOf<typeof endpoints.checkInList>) =>
      mapPage(await repo.page(tenantId, uid, page), (rows) =>
        rows.map((r) => ({
          id: r.id,
          date: r.date,
          streak: r.streak,
          points: r.points,
          createTime: r.createdAt.toISOString(),
        })),
      ),
  };
};
