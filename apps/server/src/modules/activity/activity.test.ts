import {
  CouponType,
  DEFAULT_TENANT_ID,
  type Coupon,
  type PriceQuote,
  type CheckInDetail,
  type CheckInResult,
  type DrawResult,
  type ExchangeRecord,
  type MallItem,
  type MyPrize,
  type Paged,
  type PrizeListResult,
  type VoteOptionsResult,
} from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { dictData } from '../../schema.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { users } from '../../platform/identity/identity.table.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import { actorFor } from '../../platform/identity/actor.js';
import { createActivityRepositories } from './activity.repository.js';
import { createDrawService, pickByWeight, type RandomSource } from './draw.service.js';
import { commerceModule } from '../commerce/index.js';
import { drawPrizes, drawRecords, mallExchanges, voteOptions, voteRecords } from './activity.table.js';

// 2026-03-10 23:59:59 in Asia/Shanghai.
const clock = fixedClock('2026-03-10T15:59:59Z');
let app: TestApp;
const admin = 'admin' as const;
let phoneSeq = 0;

interface TestUser {
  id: number;
}
/** Who calls: a test user, the seeded operator, raw headers, or nobody. Tokens are minted at call time (the clock moves). */
type Who = TestUser | 'admin' | Record<string, string> | null;
const headersFor = async (who: Who): Promise<Record<string, string>> => {
  if (!who) return {};
  if (who === 'admin') return bearer(await tokenFor(app, 'admin'));
  if (typeof who.id === 'number') {
    const pair = await app.platform.sessions.start({
      uid: who.id as number,
      tenantId: DEFAULT_TENANT_ID,
      roles: ['user'],
    });
    return bearer(pair.accessToken);
  }
  return who as Record<string, string>;
};

const makeUser = async (points = 0, gold = 0): Promise<TestUser> => {
  phoneSeq += 1;
  const db = app.platform.db;
  const [row] = await db
    .insert(users)
    .values({
      tenantId: DEFAULT_TENANT_ID,
      nickName: `测试${phoneSeq}`,
      phone: `1370000${String(phoneSeq).padStart(4, '0')}`,
    })
    .returning({ id: users.id });
  for (const [currency, amount] of [
    ['points', points],
    ['gold', gold],
  ] as const) {
    if (amount) {
      await db.transaction((tx) =>
        changeBalance(tx, {
          tenantId: DEFAULT_TENANT_ID,
          userId: row!.id,
          currency,
          amount,
          reason: 'operator_grant',
          at: clock.now(),
        }),
      );
    }
  }
  return { id: row!.id };
};

const balanceOf = async (uid: number) => {
  const [row] = await app.platform.db
    .select({
      points: users.points,
      gold: users.gold,
      vipLevel: users.vipLevel,
      vipExpireAt: users.vipExpireAt,
    })
    .from(users)
    .where(eq(users.id, uid));
  return row!;
};
const ledgerOf = (uid: number, reason: string) =>
  app.platform.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, uid), eq(ledger.reason, reason)));

const post = async (url: string, who: Who, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: await headersFor(who), payload: (payload ?? {}) as object });
const get = async (url: string, who: Who = null) =>
  app.inject({ method: 'GET', url, headers: await headersFor(who) });

/** Sets an activity rule item through the operators' dictionary endpoint (validated there). */
const setRule = async (value: string, data: Record<string, unknown>) => {
  const [item] = await app.platform.db
    .select({ id: dictData.id })
    .from(dictData)
    .where(and(eq(dictData.dictName, 'app_activity_rule'), eq(dictData.value, value)));
  return post('/api/sysDictData/update', admin, { id: item!.id, data });
};
const wheelRule = (costPoints: number, dailyLimit: number) =>
  setRule('luckyWheel', { kind: 'luckyWheel', costPoints, dailyLimit, rules: ['测试规则'] });

/** A deterministic source (mulberry32) so the draw test is repeatable. */
const seededRandom = (seed: number): RandomSource => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (max) => Math.floor(next() * max) };
};

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(async () => {
  await app?.close();
});

describe('daily check-in', () => {
  it('needs a logged-in user', async () => {
    expect((await post('/api/sysDailyCheckin/checkIn', null)).statusCode).toBe(401);
    const guest = bearer(await guestToken(app));
    const res = await post('/api/sysDailyCheckin/checkIn', guest);
    expect(res.statusCode).toBe(401);
    expect(json(res).extras?.error).toBe('guest_not_allowed');
  });

  it('counts days in Asia/Shanghai: 23:59:59 and 00:00:00 are two days, a second tap answers today', async () => {
    clock.set('2026-03-10T15:59:59Z');
    const user = await makeUser();
    const first = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
    expect(first).toEqual({
      alreadyCheckedIn: false,
      date: '2026-03-10',
      pointsGained: 5,
      streak: 1,
      points: 5,
      tomorrowPoints: 5,
    });
    clock.set('2026-03-10T16:00:00Z');
    const second = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
    expect(second).toMatchObject({ alreadyCheckedIn: false, date: '2026-03-11', streak: 2, points: 10 });
    const again = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
    expect(again).toEqual({ ...second, alreadyCheckedIn: true });
    expect((await balanceOf(user.id)).points).toBe(10);
    const rows = await ledgerOf(user.id, 'check_in');
    expect(rows.map((r) => [r.amount, r.balanceAfter])).toEqual([
      [5, 5],
      [5, 10],
    ]);
  });

  it('raises the points along the streak and starts again after a missed day', async () => {
    clock.set('2026-04-01T02:00:00Z');
    const user = await makeUser();
    const gained: number[] = [];
    for (let day = 0; day < 9; day += 1) {
      const r = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
      expect(r.streak).toBe(day + 1);
      gained.push(r.pointsGained);
      clock.advance(86400_000);
    }
    expect(gained).toEqual([5, 5, 10, 10, 15, 15, 30, 30, 30]);
    clock.advance(86400_000); // 04-10 missed
    const after = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
    expect(after).toMatchObject({ date: '2026-04-11', streak: 1, pointsGained: 5 });
    expect((await balanceOf(user.id)).points).toBe(150 + 5);

    const detail = json<CheckInDetail>(await get('/api/sysDailyCheckin/checkInDetail', user)).result;
    expect(detail).toMatchObject({
      today: '2026-04-11',
      checkedInToday: true,
      streak: 1,
      todayPoints: 5,
      tomorrowPoints: 5,
      points: 155,
      month: '2026-04',
      monthCount: 10,
      pointsPerStreakDay: [5, 5, 10, 10, 15, 15, 30],
    });
    expect(detail.days).toHaveLength(30);
    expect(detail.days[6]).toEqual({ date: '2026-04-07', checkedIn: true, points: 30, streak: 7 });
    expect(detail.days[9]).toEqual({ date: '2026-04-10', checkedIn: false, points: null, streak: null });
    expect(detail.rules.length).toBeGreaterThan(0);

    const feb = json<CheckInDetail>(
      await get('/api/sysDailyCheckin/checkInDetail?month=2026-02', user),
    ).result;
    expect(feb.days).toHaveLength(28);
    expect(feb.monthCount).toBe(0);
    expect((await get('/api/sysDailyCheckin/checkInDetail?month=2026-13', user)).statusCode).toBe(400);

    const list = json<Paged<{ date: string; points: number }>>(
      await get('/api/sysDailyCheckin/list?page=1&pageSize=3', user),
    ).result;
    expect(list.total).toBe(10);
    expect(list.items.map((i) => i.date)).toEqual(['2026-04-11', '2026-04-09', '2026-04-08']);
  });

  it('the next day before checking in shows the live streak and what today gives', async () => {
    clock.set('2026-05-01T01:00:00Z');
    const user = await makeUser();
    await post('/api/sysDailyCheckin/checkIn', user);
    clock.advance(86400_000);
    await post('/api/sysDailyCheckin/checkIn', user);
    clock.advance(86400_000);
    const detail = json<CheckInDetail>(await get('/api/sysDailyCheckin/checkInDetail', user)).result;
    expect(detail).toMatchObject({ checkedInToday: false, streak: 2, todayPoints: 10, tomorrowPoints: 10 });
  });

  it('credits once under concurrent double taps', async () => {
    clock.set('2026-05-20T04:00:00Z');
    const user = await makeUser();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/sysDailyCheckin/checkIn', user)),
    );
    const bodies = results.map((r) => json<CheckInResult>(r).result);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(bodies.filter((b) => !b.alreadyCheckedIn)).toHaveLength(1);
    expect(bodies.every((b) => b.pointsGained === 5 && b.streak === 1)).toBe(true);
    expect((await balanceOf(user.id)).points).toBe(5);
    expect(await ledgerOf(user.id, 'check_in')).toHaveLength(1);
  });

  it('takes the points from the activity rule operators edit (validated)', async () => {
    const bad = await setRule('checkIn', { kind: 'checkIn', pointsPerStreakDay: [], rules: [] });
    expect(bad.statusCode).toBe(400);
    const ok = await setRule('checkIn', { kind: 'checkIn', pointsPerStreakDay: [7, 9], rules: ['规则'] });
    expect(ok.statusCode).toBe(200);
    clock.set('2026-06-01T04:00:00Z');
    const user = await makeUser();
    const r1 = json<CheckInResult>(await post('/api/sysDailyCheckin/checkIn', user)).result;
    expect([r1.pointsGained, r1.tomorrowPoints]).toEqual([7, 9]);
    await setRule('checkIn', {
      kind: 'checkIn',
      pointsPerStreakDay: [5, 5, 10, 10, 15, 15, 30],
      rules: ['每天可签到一次'],
    });
  });
});

describe('points mall', () => {
  const addItem = async (input: Record<string, unknown>) => {
    const res = await post('/api/sysPointsMall/add', admin, {
      name: '测试商品',
      image: '/static/activity/mall-notebook.svg',
      kind: 'physical',
      points: 10,
      stock: 10,
      ...input,
    });
    expect(res.statusCode).toBe(200);
    return json<{ id: number }>(res).result.id;
  };
  const itemById = async (id: number) => {
    const page = json<{ items: (MallItem & { status: number })[] }>(
      await post('/api/sysPointsMall/adminPage', admin, { page: 1, pageSize: 100 }),
    ).result;
    return page.items.find((i) => i.id === id)!;
  };

  it('lists seeded items with image, points, stock and limit; guests see no balance', async () => {
    const res = await post('/api/sysPointsMall/page', null, { page: 1, pageSize: 20 });
    const page = json<Paged<MallItem> & { myPoints: number | null; rules: string[] }>(res).result;
    expect(page.myPoints).toBeNull();
    expect(page.items.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        '视频会员月卡',
        '金币包（12000 金币）',
        'AI创作家帆布袋',
        '316 不锈钢保温杯',
        '定制笔记本',
        '会员优惠券 10 元',
      ]),
    );
    const vip = page.items.find((i) => i.name === '视频会员月卡')!;
    expect(vip).toMatchObject({
      image: '/static/activity/mall-video-vip-month.svg',
      kind: 'vip',
      amount: 30,
      points: 3000,
      limitPerUser: 1,
      myExchanged: 0,
    });
    const svg = await get(vip.image);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('<svg');
  });

  it('exchanges: points debited and gold credited through the ledger, record listed, limit kept', async () => {
    const user = await makeUser(1600);
    const page = json<Paged<MallItem>>(await post('/api/sysPointsMall/page', user, {})).result;
    const gold = page.items.find((i) => i.kind === 'gold')!;
    const res = await post('/api/sysPointsMall/exchange', user, { itemId: gold.id });
    expect(res.statusCode).toBe(200);
    const result = json<{ record: ExchangeRecord; points: number; stock: number }>(res).result;
    expect(result).toMatchObject({ points: 1100, stock: gold.stock - 1 });
    expect(result.record).toMatchObject({
      itemId: gold.id,
      kind: 'gold',
      amount: 12000,
      points: 500,
      status: 'done',
    });
    expect(await balanceOf(user.id)).toMatchObject({ points: 1100, gold: 12000 });
    expect((await ledgerOf(user.id, 'mall_exchange')).map((r) => [r.currency, r.amount])).toEqual(
      expect.arrayContaining([
        ['points', -500],
        ['gold', 12000],
      ]),
    );
    const mine = json<Paged<ExchangeRecord>>(await get('/api/sysPointsMall/myExchanges', user)).result;
    expect(mine.items.map((r) => r.id)).toEqual([result.record.id]);
    const after = json<Paged<MallItem> & { myPoints: number }>(
      await post('/api/sysPointsMall/page', user, {}),
    ).result;
    expect(after.myPoints).toBe(1100);
    expect(after.items.find((i) => i.id === gold.id)!.myExchanged).toBe(1);

    const week = page.items.find((i) => i.amount === 7 && i.kind === 'vip')!;
    await post('/api/sysPointsMall/exchange', user, { itemId: week.id });
    const vip = await balanceOf(user.id);
    expect(vip.vipLevel).toBe(1);
    expect(vip.vipExpireAt!.getTime()).toBe(clock.now().getTime() + 7 * 86400_000);
    const short = await post('/api/sysPointsMall/exchange', user, { itemId: week.id });
    expect(short.statusCode).toBe(409);
    expect(json(short).extras?.error).toBe('insufficient_points');
    expect((await post('/api/sysPointsMall/exchange', user, { itemId: 999999 })).statusCode).toBe(404);
  });

  it('a coupon exchanged in the mall is a real coupon in the wallet, usable at checkout', async () => {
    const user = await makeUser(5000);
    const page = json<Paged<MallItem>>(await post('/api/sysPointsMall/page', user, {})).result;
    const item = page.items.find((i) => i.kind === 'coupon')!;
    expect((await post('/api/sysPointsMall/exchange', user, { itemId: item.id })).statusCode).toBe(200);
    const wallet = json<Paged<Coupon>>(await post('/api/sysCoupon/page', user, { state: 'usable' })).result;
    expect(wallet.items).toHaveLength(1);
    const coupon = wallet.items[0]!;
    expect(coupon).toMatchObject({
      name: item.name,
      type: CouponType.Cash,
      value: item.amount,
      state: 'usable',
    });
    expect(Date.parse(coupon.validUntil) - clock.now().getTime()).toBe(30 * 86400_000);
    // At checkout it takes its value off the price of a package that costs more.
    const packages = json<{ id: number; priceFen: number }[]>(
      await get('/api/sysGoldPackage/list', user),
    ).result;
    const pkg = packages.find((p) => p.priceFen > item.amount)!;
    const quote = json<PriceQuote>(
      await post('/api/sysCoupon/calculateDiscountedPrice', user, { packageId: pkg.id, couponId: coupon.id }),
    ).result;
    expect(quote).toMatchObject({
      couponId: coupon.id,
      discountFen: item.amount,
      payFen: pkg.priceFen - item.amount,
    });
  });

  it('100 concurrent exchanges of an item with stock 10 succeed exactly 10 times', async () => {
    const itemId = await addItem({ stock: 10, points: 10 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeUser(100)));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post('/api/sysPointsMall/exchange', buyers[i % 20]!, { itemId })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => json(r).extras?.error === 'mall_out_of_stock'),
    ).toBe(true);
    expect(await itemById(itemId)).toMatchObject({ stock: 0, exchanged: 10 });
    const [records] = await app.platform.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mallExchanges)
      .where(eq(mallExchanges.itemId, itemId));
    expect(records!.n).toBe(10);
    const balances = await Promise.all(buyers.map((b) => balanceOf(b.id)));
    expect(balances.reduce((s, b) => s + b.points, 0)).toBe(20 * 100 - 10 * 10);
  });

  it('keeps the per-user limit and never takes points below zero under concurrency', async () => {
    const limited = await addItem({ stock: 100, points: 1, limitPerUser: 2 });
    const user = await makeUser(1000);
    const results = await Promise.all(
      Array.from({ length: 15 }, () => post('/api/sysPointsMall/exchange', user, { itemId: limited })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => json(r).extras?.error === 'mall_limit_reached')).toHaveLength(13);

    const pricey = await addItem({ stock: 100, points: 10 });
    const poor = await makeUser(25);
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/sysPointsMall/exchange', poor, { itemId: pricey })),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(tries.filter((r) => json(r).extras?.error === 'insufficient_points')).toHaveLength(8);
    expect((await balanceOf(poor.id)).points).toBe(5);
    expect(await itemById(pricey)).toMatchObject({ stock: 98, exchanged: 2 });
  });

  it('operators manage items with validation', async () => {
    const user = await makeUser();
    expect((await post('/api/sysPointsMall/add', user, {})).statusCode).toBe(403);
    const bad = await post('/api/sysPointsMall/add', admin, {
      name: '',
      image: 'javascript:alert(1)',
      kind: 'gold',
      amount: 0,
      points: 0,
      stock: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).message as object).sort()).toEqual([
      'amount',
      'image',
      'name',
      'points',
      'stock',
    ]);
    const noAmount = await post('/api/sysPointsMall/add', admin, {
      name: '金币',
      image: '/static/activity/mall-gold-pack.svg',
      kind: 'gold',
      points: 5,
      stock: 5,
    });
    expect(noAmount.statusCode).toBe(400);
    expect(json(noAmount).message).toEqual({ amount: ['虚拟商品需要填写发放数量'] });
    const id = await addItem({ stock: 3 });
    const updated = await post('/api/sysPointsMall/update', admin, { id, stock: 7, status: 0 });
    expect(json(updated).result).toMatchObject({ stock: 7, status: 0 });
    const hidden = await post('/api/sysPointsMall/exchange', user, { itemId: id });
    expect(hidden.statusCode).toBe(404);
    expect((await post('/api/sysPointsMall/update', admin, { id, kind: 'gold' })).statusCode).toBe(400);
    expect((await post('/api/sysPointsMall/delete', admin, { id })).statusCode).toBe(200);
    expect((await post('/api/sysPointsMall/delete', admin, { id })).statusCode).toBe(404);
  });
});

describe('lucky wheel', () => {
  const prizes = async () =>
    json<(PrizeListResult['prizes'][number] & { weight: number; stock: number | null; awarded: number })[]>(
      await get('/api/sysDrawPrize/adminList', admin),
    ).result;
  const setPrize = async (slot: number, changes: Record<string, unknown>) => {
    const prize = (await prizes()).find((p) => p.slot === slot)!;
    const res = await post('/api/sysDrawPrize/update', admin, { id: prize.id, ...changes });
    expect(res.statusCode).toBe(200);
  };
  const seededWeights: Record<number, number> = { 0: 150, 1: 350, 2: 250, 3: 40, 4: 120, 5: 60, 6: 25, 7: 5 };
  const restore = async () => {
    for (const [slot, weight] of Object.entries(seededWeights))
      await setPrize(Number(slot), { weight, stock: null, status: 1 });
  };

  it('lists the wheel slots with name and image, the cost and the daily limit', async () => {
    const user = await makeUser(100);
    const list = json<PrizeListResult>(await get('/api/sysDrawPrize/prizeList', user)).result;
    expect(list).toMatchObject({
      costPoints: 20,
      dailyLimit: 5,
      drawsToday: 0,
      remainingToday: 5,
      myPoints: 100,
    });
    expect(list.prizes.map((p) => p.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(list.prizes[1]).toMatchObject({
      name: '谢谢参与',
      kind: 'none',
      image: '/static/activity/prize-thanks.svg',
    });
    expect(list.prizes[0]).not.toHaveProperty('weight');
    const guest = json<PrizeListResult>(await get('/api/sysDrawPrize/prizeList')).result;
    expect(guest.myPoints).toBeNull();
  });

  it('draws: the cost and the award in one transaction, the slot is the prize, daily limit by Shanghai day', async () => {
    clock.set('2026-07-01T15:00:00Z');
    const user = await makeUser(1000);
    const results: DrawResult[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/sysDrawPrize/startDraw', user);
      expect(res.statusCode).toBe(200);
      results.push(json<DrawResult>(res).result);
    }
    for (const r of results) expect(r.slot).toBe(r.prize.slot);
    expect(results.map((r) => r.remainingToday)).toEqual([4, 3, 2, 1, 0]);
    const limited = await post('/api/sysDrawPrize/startDraw', user);
    expect(limited.statusCode).toBe(409);
    expect(json(limited).extras?.error).toBe('draw_limit_reached');

    const wonPoints = results
      .filter((r) => r.prize.kind === 'points')
      .reduce((s, r) => s + r.prize.amount, 0);
    const wonGold = results.filter((r) => r.prize.kind === 'gold').reduce((s, r) => s + r.prize.amount, 0);
    expect(await balanceOf(user.id)).toMatchObject({ points: 1000 - 100 + wonPoints, gold: wonGold });
    expect(results.at(-1)!.points).toBe(1000 - 100 + wonPoints);
    expect((await ledgerOf(user.id, 'lucky_draw')).map((r) => r.amount)).toEqual([-20, -20, -20, -20, -20]);

    const mine = json<Paged<MyPrize>>(await get('/api/sysDrawPrize/myPrizes', user)).result;
    expect(mine.total).toBe(results.filter((r) => r.won).length);

    clock.set('2026-07-01T16:00:00Z'); // 00:00 on 07-02 in Shanghai
    expect((await post('/api/sysDrawPrize/startDraw', user)).statusCode).toBe(200);
  });

  it('picks by weight within statistical bounds (seeded random source)', async () => {
    const items = Object.entries(seededWeights).map(([slot, weight]) => ({ slot: Number(slot), weight }));
    const random = seededRandom(42);
    const counts = new Map<number, number>();
    const n = 200_000;
    for (let i = 0; i < n; i += 1) {
      const picked = pickByWeight(items, random)!;
      counts.set(picked.slot, (counts.get(picked.slot) ?? 0) + 1);
    }
    let chi2 = 0;
    for (const { slot, weight } of items) {
      const expected = (n * weight) / 1000;
      chi2 += ((counts.get(slot) ?? 0) - expected) ** 2 / expected;
    }
    // 7 degrees of freedom: P(chi2 > 24.3) = 0.001.
    expect(chi2).toBeLessThan(24.3);
    expect(pickByWeight([{ weight: 0 }], random)).toBeNull();
  });

  it('over many real draws the awards follow the weights and every point adds up', async () => {
    await wheelRule(1, 1000);
    await setPrize(7, { stock: null });
    await setPrize(3, { stock: null });
    await setPrize(5, { stock: null });
    const draw = createDrawService({
      store: createActivityRepositories(app.platform.db),
      clock,
      cache: app.platform.cache,
      coupons: commerceModule.create(app.platform, {}).coupons,
      random: seededRandom(7),
    });
    clock.set('2026-08-01T04:00:00Z');
    const user = await makeUser(2000);
    const n = 400;
    const bySlot = new Map<number, number>();
    let pointsWon = 0;
    for (let i = 0; i < n; i += 1) {
      const r = await draw.startDraw(actorFor(DEFAULT_TENANT_ID, user.id));
      bySlot.set(r.slot, (bySlot.get(r.slot) ?? 0) + 1);
      if (r.prize.kind === 'points') pointsWon += r.prize.amount;
    }
    for (const [slot, weight] of Object.entries(seededWeights)) {
      const p = weight / 1000;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((bySlot.get(Number(slot)) ?? 0) - n * p)).toBeLessThan(4 * sd + 1);
    }
    expect((await balanceOf(user.id)).points).toBe(2000 - n + pointsWon);
    const [sum] = await app.platform.db
      .select({ total: sql<number>`sum(${ledger.amount})::int` })
      .from(ledger)
      .where(and(eq(ledger.userId, user.id), eq(ledger.currency, 'points')));
    expect(sum!.total).toBe(2000 - n + pointsWon);
    await restore();
    await wheelRule(20, 5);
  }, 120_000);

  it('an out-of-stock prize falls back to the no-prize slot; concurrent draws never oversell or overdraw', async () => {
    for (const slot of [0, 2, 3, 4, 5, 6]) await setPrize(slot, { weight: 0 });
    await setPrize(7, { weight: 1000, stock: 3 });
    const awardedBefore = (await prizes()).find((p) => p.slot === 7)!.awarded;
    clock.set('2026-09-01T04:00:00Z');
    const players = await Promise.all(Array.from({ length: 10 }, () => makeUser(60)));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/sysDrawPrize/startDraw', players[i % 10]!)),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => json<DrawResult>(r).result);
    // 60 points pay 3 draws of 20 each: 30 draws in all, the 4th of each player is refused.
    expect(ok).toHaveLength(30);
    expect(results.filter((r) => json(r).extras?.error === 'insufficient_points')).toHaveLength(10);
    const won = ok.filter((r) => r.won);
    expect(won).toHaveLength(3);
    expect(won.every((r) => r.slot === 7)).toBe(true);
    expect(ok.filter((r) => !r.won).every((r) => r.slot === 1 && r.prize.kind === 'none')).toBe(true);
    const cup = (await prizes()).find((p) => p.slot === 7)!;
    expect(cup).toMatchObject({ stock: 0, awarded: awardedBefore + 3 });
    const balances = await Promise.all(players.map((p) => balanceOf(p.id)));
    expect(balances.every((b) => b.points === 0)).toBe(true);
    const [records] = await app.platform.db
      .select({ n: sql<number>`count(*)::int` })
      .from(drawRecords)
      .where(and(eq(drawRecords.date, '2026-09-01'), eq(drawRecords.won, true)));
    expect(records!.n).toBe(3);
    await restore();
  });

  it('operators manage prizes and weights with validation', async () => {
    const none = (await prizes()).find((p) => p.kind === 'none')!;
    const off = await post('/api/sysDrawPrize/update', admin, { id: none.id, status: 0 });
    expect(off.statusCode).toBe(409);
    expect(json(off).extras?.error).toBe('prize_none_required');
    expect((await post('/api/sysDrawPrize/delete', admin, { id: none.id })).statusCode).toBe(409);
    const taken = await post('/api/sysDrawPrize/add', admin, {
      slot: 0,
      name: '积分',
      image: '/static/activity/prize-points-10.svg',
      kind: 'points',
      amount: 5,
      weight: 10,
    });
    expect(json(taken).extras?.error).toBe('prize_slot_taken');
    const invalid = await post('/api/sysDrawPrize/add', admin, {
      slot: 12,
      name: '积分',
      image: 'http://x',
      kind: 'points',
      weight: -1,
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(json(invalid).message as object).sort()).toEqual([
      'amount',
      'image',
      'slot',
      'weight',
    ]);
    const added = await post('/api/sysDrawPrize/add', admin, {
      slot: 8,
      name: '2 积分',
      image: '/static/activity/prize-points-10.svg',
      kind: 'points',
      amount: 2,
      weight: 10,
    });
    expect(json(added).result).toMatchObject({ slot: 8, weight: 10, stock: null, awarded: 0 });
    const id = json<{ id: number }>(added).result.id;
    expect((await post('/api/sysDrawPrize/update', admin, { id, amount: 0 })).statusCode).toBe(400);
    expect((await post('/api/sysDrawPrize/delete', admin, { id })).statusCode).toBe(200);
    const user = await makeUser();
    expect((await get('/api/sysDrawPrize/adminList', user)).statusCode).toBe(403);
  });
});

describe('food vote', () => {
  it('shows dishes with pictures and live counts; one vote per user per Shanghai day, also under concurrency', async () => {
    clock.set('2026-10-01T15:59:00Z');
    const guest = json<VoteOptionsResult>(await get('/api/sysFoodVote/options')).result;
    expect(guest.votedToday).toBe(false);
    expect(guest.options.length).toBeGreaterThanOrEqual(8);
    expect(guest.options[0]).toMatchObject({
      name: '麻婆豆腐',
      image: '/static/activity/vote-mapo-tofu.svg',
      votes: 0,
      rank: 1,
    });

    const user = await makeUser();
    const optionId = guest.options[2]!.id;
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/sysFoodVote/vote', user, { optionId })),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.filter((r) => json(r).extras?.error === 'already_voted_today')).toHaveLength(7);
    const other = await makeUser();
    const after = json<VoteOptionsResult>(await post('/api/sysFoodVote/vote', other, { optionId })).result;
    expect(after).toMatchObject({ votedToday: true, myOptionId: optionId, totalVotes: 2 });
    expect(after.options[2]).toMatchObject({ votes: 2, percent: 100, rank: 1 });
    expect(after.options[0]).toMatchObject({ votes: 0, percent: 0, rank: 2 });
    const mine = json<VoteOptionsResult>(await get('/api/sysFoodVote/options', user)).result;
    expect(mine).toMatchObject({ votedToday: true, myOptionId: optionId });

    clock.set('2026-10-01T16:00:00Z');
    const nextDay = json<VoteOptionsResult>(await get('/api/sysFoodVote/options', user)).result;
    expect(nextDay).toMatchObject({ today: '2026-10-02', votedToday: false, myOptionId: null });
    const second = json<VoteOptionsResult>(
      await post('/api/sysFoodVote/vote', user, { optionId: guest.options[0]!.id }),
    ).result;
    expect(second.totalVotes).toBe(3);
    expect((await post('/api/sysFoodVote/vote', user, { optionId: 999999 })).statusCode).toBe(404);

    const [counter] = await app.platform.db
      .select({ total: sql<number>`sum(${voteOptions.votes})::int` })
      .from(voteOptions);
    const [rows] = await app.platform.db.select({ n: sql<number>`count(*)::int` }).from(voteRecords);
    expect(counter!.total).toBe(rows!.n);
  });

  it('operators manage options with validation', async () => {
    expect((await post('/api/sysFoodVote/add', admin, { name: '', image: '' })).statusCode).toBe(400);
    const added = json<{ id: number }>(
      await post('/api/sysFoodVote/add', admin, {
        name: '鱼香肉丝',
        image: '/static/activity/vote-pickled-fish.svg',
      }),
    ).result;
    expect((await post('/api/sysFoodVote/update', admin, { id: added.id, status: 0 })).statusCode).toBe(200);
    const list = json<VoteOptionsResult>(await get('/api/sysFoodVote/options')).result;
    expect(list.options.some((o) => o.id === added.id)).toBe(false);
    expect((await post('/api/sysFoodVote/delete', admin, { id: added.id })).statusCode).toBe(200);
    const user = await makeUser();
    expect((await post('/api/sysFoodVote/vote', user, { optionId: added.id })).statusCode).toBe(404);
  });
});

describe('seed', () => {
  it('wheel weights and prize images are in place', async () => {
    const rows = await app.platform.db.select().from(drawPrizes).where(eq(drawPrizes.seedKey, 'thanks'));
    expect(rows[0]).toMatchObject({ kind: 'none', slot: 1 });
  });
});
