import { readFileSync } from 'node:fs';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, shanghaiDate } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { passwordLogin } from '../../test/auth.js';
import { api, packageId } from '../../test/commerce.js';
import { waitFor } from '../../test/wait.js';
import {
  chatConversations,
  chatMessages,
  checkIns,
  jobs,
  ledger,
  payOrders,
  statEvents,
  consoleDailyMetrics,
  users,
} from '../../schema.js';
import { ROLLUP_REFRESH_JOB } from './rollup.service.js';

type Day = {
  date: string;
  newUsers: number;
  activeUsers: number;
  pageViews: number;
  paidOrders: number;
  revenueFen: number;
  goldSold: number;
  goldDailyFree: number;
  goldSpent: number;
  chatQuestions: number;
  checkIns: number;
};
type Board = {
  today: Day;
  days: Day[];
  revenueByPayMethod: { payMethod: number; orders: number; revenueFen: number }[];
  jobs: { type: string; state: string; count: number; avgSeconds: number | null }[];
};

const T = DEFAULT_TENANT_ID;
/** 23:50 on 10 March in Asia/Shanghai (15:50 UTC); midnight there is 16:00 UTC. */
const clock = fixedClock('2026-03-10T15:50:00.000Z');
const at = (iso: string) => new Date(iso);

/** Independent of the implementation: the day by the IANA zone, each figure a plain COUNT / SUM. */
const dayOf = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`);

describe('console dashboard rollups', () => {
  let app: TestApp;
  let admin: string;
  let uid: number;
  let pkg: number;
  let conversation: number;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = json<{ accessToken: string }>(await passwordLogin(app, 'admin', 'admin123456')).result
      .accessToken;
    pkg = await packageId(app, 'vip_month');
    const [user] = await app.platform.db
      .insert(users)
      .values({
        tenantId: T,
        account: `rollup_${process.pid}`,
        nickName: '汇总',
        createdAt: at('2026-03-01T00:00:00Z'),
      })
      .returning({ id: users.id });
    uid = user!.id;
    const [conv] = await app.platform.db
      .insert(chatConversations)
      .values({ tenantId: T, userId: uid, robotId: 999, title: 't' })
      .returning({ id: chatConversations.id });
    conversation = conv!.id;
  });
  afterAll(() => app.close());

  const dashboard = async () => (await api<Board>(app, 'GET', '/api/console/dashboard', admin)).result;

  /** One of each kind of write the dashboard counts, at `when` (and some it must not count). */
  const writeMix = async (when: string) => {
    const t = at(when);
    const day = new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    seq += 1;
    const db = app.platform.db;
    const [fresh] = await db
      .insert(users)
      .values({ tenantId: T, account: `rollup_${process.pid}_${seq}`, createdAt: t })
      .returning({ id: users.id });
    await db.insert(ledger).values([
      {
        tenantId: T,
        userId: uid,
        currency: 'gold',
        amount: -30,
        balanceAfter: 0,
        reason: 'draw',
        createdAt: t,
      },
      {
        tenantId: T,
        userId: uid,
        currency: 'gold',
        amount: -7,
        balanceAfter: 0,
        reason: 'refund_reverse',
        createdAt: t,
      },
      {
        tenantId: T,
        userId: uid,
        currency: 'points',
        amount: -5,
        balanceAfter: 0,
        reason: 'mall',
        createdAt: t,
      },
      {
        tenantId: T,
        userId: uid,
        currency: 'gold',
        amount: 40,
        balanceAfter: 0,
        reason: 'buy',
        createdAt: t,
      },
    ]);
    const order = (
      state: 'paid' | 'refunded' | 'pending',
      payMethod: number,
      amountFen: number,
      paidAt: Date | null,
    ) => ({
      tenantId: T,
      orderNo: `R${process.pid}${seq}${state}${payMethod}${amountFen}`,
      userId: uid,
      packageId: pkg,
      packageName: 'p',
      gold: 100,
      vipDays: 0,
      vipLevel: 0,
      payMethod,
      state,
      originalFen: amountFen,
      discountFen: 0,
      amountFen,
      expiresAt: t,
      paidAt,
      createdAt: t,
    });
    await db
      .insert(payOrders)
      .values([
        order('paid', 1, 990, t),
        order('refunded', 2, 1990, t),
        order('pending', 1, 500, null),
        // A free package claimed: the daily free gold, not gold sold (its day tagged per mix: one user claims here).
        { ...order('paid', 0, 0, t), orderNo: `F${process.pid}${seq}`, gold: 600, freeDay: `${shanghaiDate(t)}/${seq}` },
      ]);
    await db.insert(chatMessages).values([
      {
        tenantId: T,
        conversationId: conversation,
        userId: uid,
        robotId: 999,
        role: 'user',
        status: 'done',
        createdAt: t,
      },
      {
        tenantId: T,
        conversationId: conversation,
        userId: uid,
        robotId: 999,
        role: 'assistant',
        status: 'done',
        createdAt: t,
      },
    ]);
    await db
      .insert(checkIns)
      .values({ tenantId: T, userId: fresh!.id, date: day, streak: 1, points: 5, createdAt: t });
    await db.insert(jobs).values([
      {
        tenantId: T,
        type: 'rollup_test',
        payload: {},
        state: 'succeeded',
        maxAttempts: 1,
        timeoutMs: 1000,
        runAt: t,
        createdAt: t,
        startedAt: t,
        finishedAt: new Date(t.getTime() + 4_000),
        updatedAt: t,
      },
      {
        tenantId: T,
        type: 'rollup_test',
        payload: {},
        state: 'failed',
        maxAttempts: 1,
        timeoutMs: 1000,
        runAt: t,
        createdAt: t,
        updatedAt: t,
      },
    ]);
    const event = (kind: string, deviceId: string) => ({
      tenantId: T,
      day,
      kind,
      name: '/plaza',
      sessionId: `s${seq}`,
      deviceId,
      platform: 'h5',
      occurredAt: t,
      receivedAt: t,
    });
    await db
      .insert(statEvents)
      .values([event('page', `d${seq}`), event('page', `d${seq}`), event('event', 'other')]);
  };

  /** The figures of `day` by direct COUNT / SUM over the raw tables. */
  const direct = async (day: string): Promise<Day> => {
    const [row] = (
      (await app.platform.db.execute(sql`
        SELECT
          (SELECT count(*) FROM app_user WHERE tenant_id = ${T} AND ${dayOf('created_at')} = ${day})::int AS "newUsers",
          (SELECT count(DISTINCT device_id) FROM stat_event WHERE tenant_id = ${T} AND day = ${day})::int AS "activeUsers",
          (SELECT count(*) FROM stat_event WHERE tenant_id = ${T} AND day = ${day} AND kind = 'page')::int AS "pageViews",
          (SELECT count(*) FROM pay_order WHERE tenant_id = ${T} AND state IN ('paid', 'refunded') AND ${dayOf('paid_at')} = ${day})::int AS "paidOrders",
          (SELECT coalesce(sum(amount_fen), 0) FROM pay_order WHERE tenant_id = ${T} AND state IN ('paid', 'refunded') AND ${dayOf('paid_at')} = ${day})::int AS "revenueFen",
          (SELECT coalesce(sum(gold), 0) FROM pay_order WHERE tenant_id = ${T} AND state IN ('paid', 'refunded') AND free_day IS NULL AND ${dayOf('paid_at')} = ${day})::int AS "goldSold",
          (SELECT coalesce(sum(gold), 0) FROM pay_order WHERE tenant_id = ${T} AND state IN ('paid', 'refunded') AND free_day IS NOT NULL AND ${dayOf('paid_at')} = ${day})::int AS "goldDailyFree",
          (SELECT coalesce(-sum(amount), 0) FROM account_ledger WHERE tenant_id = ${T} AND currency = 'gold' AND amount < 0 AND reason <> 'refund_reverse' AND ${dayOf('created_at')} = ${day})::int AS "goldSpent",
          (SELECT count(*) FROM chat_message WHERE tenant_id = ${T} AND role = 'user' AND ${dayOf('created_at')} = ${day})::int AS "chatQuestions",
          (SELECT count(*) FROM activity_checkin WHERE tenant_id = ${T} AND date = ${day})::int AS "checkIns"
      `)) as unknown as { rows: Omit<Day, 'date'>[] }
    ).rows;
    return { date: day, ...row! };
  };

  /** Every day of the board equals its direct count; so do the 30-day sums by pay method and job. */
  const expectBoardEqualsDirect = async (board: Board) => {
    for (const day of board.days) expect(day).toEqual(await direct(day.date));
    const first = board.days[0]!.date;
    const methods = (
      (await app.platform.db.execute(sql`
        SELECT pay_method AS "payMethod", count(*)::int AS orders, sum(amount_fen)::int AS "revenueFen"
        FROM pay_order WHERE tenant_id = ${T} AND state IN ('paid', 'refunded') AND ${dayOf('paid_at')} >= ${first}
          AND ${dayOf('paid_at')} <= ${board.today.date}
        GROUP BY pay_method ORDER BY pay_method`)) as unknown as { rows: Board['revenueByPayMethod'] }
    ).rows;
    expect(board.revenueByPayMethod).toEqual(methods);
    const jobRows = (
      (await app.platform.db.execute(sql`
        SELECT type, state, count(*)::int AS count,
          round(avg(extract(epoch from (finished_at - started_at)))::numeric, 1)::float8 AS "avgSeconds"
        FROM job WHERE tenant_id = ${T} AND type = 'rollup_test' AND ${dayOf('created_at')} >= ${first}
        GROUP BY type, state ORDER BY state`)) as unknown as { rows: Board['jobs'] }
    ).rows;
    expect(
      board.jobs.filter((j) => j.type === 'rollup_test').sort((a, b) => a.state.localeCompare(b.state)),
    ).toEqual(jobRows);
  };

  it('figures equal direct counts after writes on both sides of midnight (Asia/Shanghai)', async () => {
    await writeMix('2026-03-09T03:00:00.000Z'); // 9 March
    await writeMix('2026-03-10T15:00:00.000Z'); // 10 March, 23:00
    const first = await dashboard();
    expect(first.today.date).toBe('2026-03-10');
    expect(first.today.newUsers).toBeGreaterThan(0);
    await expectBoardEqualsDirect(first);

    // The last millisecond of 10 March and the first of 11 March, then midnight passes.
    await writeMix('2026-03-10T15:59:59.999Z');
    await writeMix('2026-03-10T16:00:00.000Z');
    clock.set('2026-03-10T16:10:00.000Z');
    // The recurring refresh recomputes yesterday (late rows) and today.
    const refresh = await app.platform.jobs.enqueue(ROLLUP_REFRESH_JOB, {});
    await waitFor(async () => (await app.platform.jobs.get(refresh.id))?.state === 'succeeded');
    const next = await dashboard();
    expect(next.today.date).toBe('2026-03-11');
    expect(next.days.at(-2)!.newUsers).toBe(first.today.newUsers + 1);
    await expectBoardEqualsDirect(next);
  });

  it('a view reads the stored figures; today is recomputed once they are a minute old', async () => {
    const before = await dashboard();
    await writeMix('2026-03-10T16:11:00.000Z');
    // Within the minute the view answers the rollups as stored: no raw table is counted per view.
    expect((await dashboard()).today).toEqual(before.today);
    clock.advance(61_000);
    const later = await dashboard();
    expect(later.today.newUsers).toBe(before.today.newUsers + 1);
    await expectBoardEqualsDirect(later);
  });

  it('the migration that backfills existing data stores the same figures as the refresh', async () => {
    const db = app.platform.db;
    const days = and(
      eq(consoleDailyMetrics.tenantId, T),
      gte(consoleDailyMetrics.day, '2026-03-09'),
      lte(consoleDailyMetrics.day, '2026-03-11'),
    );
    const stored = () =>
      db
        .select({
          day: consoleDailyMetrics.day,
          metric: consoleDailyMetrics.metric,
          value: consoleDailyMetrics.value,
        })
        .from(consoleDailyMetrics)
        .where(days)
        .orderBy(asc(consoleDailyMetrics.day), asc(consoleDailyMetrics.metric));
    // 0035 predates issue 37's split of the daily free gold from gold sold: without free claims the two agree.
    await db.delete(payOrders).where(and(eq(payOrders.tenantId, T), isNotNull(payOrders.freeDay)));
    // Every day of the range refreshed by the service (the ones the earlier tests wrote on).
    await db.delete(consoleDailyMetrics).where(days);
    await dashboard();
    const refreshed = await stored();
    expect(refreshed.some((r) => r.metric.startsWith('paid_orders:'))).toBe(true);

    await db.delete(consoleDailyMetrics).where(days);
    const backfill = readFileSync(
      new URL('../../../drizzle/0035_console-rollup-backfill.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(backfill));
    expect(await stored()).toEqual(refreshed);
  });
});
