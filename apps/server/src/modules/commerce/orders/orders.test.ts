import { and, eq } from 'drizzle-orm';
import { CouponType, PayMethod, type Order } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { tokenFor } from '../../../test/tokens.js';
import { ledger } from '../../../platform/wallet/wallet.table.js';
import { payOrders, userCoupons } from '../commerce.table.js';
import { api, giveCoupon, newUser, packageId, userRow } from '../../../test/commerce.js';

const DAY = 86_400_000;
const START = '2026-03-02T02:00:00.000Z';

describe('packages, orders and local/offline payment', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let admin: string;
  let month: number;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = await tokenFor(app, 'admin');
    month = await packageId(app, 'vip_month');
  });
  afterAll(() => app.close());

  const buy = (token: string, body: Record<string, unknown>) =>
    api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', token, body);
  /** An operator's decision on order `id` through the older admin path, `/api/sysOrder/<action>`. */
  const decide = (
    action: 'confirmOffline' | 'refund',
    id: number,
    { token = admin, remark }: { token?: string; remark?: string } = {},
  ) =>
    api<Order>(app, 'POST', `/api/sysOrder/${action}`, token, remark === undefined ? { id } : { id, remark });
  const ledgerOf = (uid: number) => app.platform.db.select().from(ledger).where(eq(ledger.userId, uid));

  it('lists packages for android sorted by orderNo, without iOS-only or disabled ones', async () => {
    type Listed = { name: string; orderNo: number; metadata: { os: string }; status: number; tags: string[]; description: string };
    const list = await api<Listed[]>(
      app,
      'GET',
      '/api/sysGoldPackage/list?os=android&obtainMethod=1',
      null,
    );
    expect(list.status).toBe(200);
    const names = list.result.map((p) => p.name);
    expect(names).toEqual([
      '月卡会员',
      '季卡会员',
      '年卡会员',
      '12000 金币',
      '60000 金币',
      '限时特惠 39600 金币',
    ]);
    expect(list.result.map((p) => p.orderNo)).toEqual(
      [...list.result.map((p) => p.orderNo)].sort((a, b) => a - b),
    );
    const ios = await api<{ name: string }[]>(app, 'GET', '/api/sysGoldPackage/list?os=ios', null);
    expect(ios.result.map((p) => p.name)).toContain('月卡会员（iOS）');
    expect(ios.result.map((p) => p.name)).not.toContain('限时特惠 39600 金币');
    // The package listed for android (spec §9) says no platform: the web shows it as well.
    const android = list.result.find((p) => p.metadata.os === 'android')!;
    expect(android.name).toBe('限时特惠 39600 金币');
    expect([android.name, ...android.tags, android.description].join()).not.toMatch(/安卓|Android/);
    const disabled = await api<{ items: { name: string }[] }>(app, 'POST', '/api/sysGoldPackage/page', null, {
      status: 0,
    });
    expect(disabled.result.items.map((p) => p.name)).toEqual(['周卡会员']);
    const free = await api<{ items: { name: string; priceFen: number }[] }>(
      app,
      'POST',
      '/api/sysGoldPackage/page',
      null,
      { obtainMethod: 2 },
    );
    expect(free.result.items).toMatchObject([{ name: '每日免费金币', priceFen: 0 }]);
    const year = list.result.find((p) => p.name === '年卡会员') as unknown as Record<string, unknown>;
    expect(year).toMatchObject({
      priceFen: 19800,
      originalPriceFen: 36000,
      gold: 360000,
      vipDays: 365,
      tags: ['推荐', '送金币'],
    });
  });

  it('VIP extends from now when expired and from the current expiry when active (fixed clock)', async () => {
    clock.set(START);
    const now = clock.now().getTime();
    const u = await newUser(app, { gold: 120000, vipExpireAt: new Date(now - 5 * DAY) });
    const first = await buy(u.token, { packageId: month, payMethod: PayMethod.Local });
    expect(first.status).toBe(200);
    // ¥25 at 1200 gold a yuan; paid with gold, the month's VIP days only (its 30000 gold are not included).
    expect(first.result).toMatchObject({ state: 'paid', amountFen: 2500, goldCost: 30000, gold: 0, payParams: null });
    expect(first.result.vipExpireAfter).toBe(new Date(now + 30 * DAY).toISOString());
    clock.advance(3600_000); // still active: the next 30 days start at the current expiry
    const second = await buy(u.token, { packageId: month, payMethod: PayMethod.Local });
    expect(second.result.vipExpireAfter).toBe(new Date(now + 60 * DAY).toISOString());
    const user = await userRow(app, u.uid);
    expect(user.gold).toBe(60000);
    expect(user.vipLevel).toBe(1);
    expect(user.vipExpireAt?.toISOString()).toBe(new Date(now + 60 * DAY).toISOString());
    const rows = await ledgerOf(u.uid);
    expect(rows.map((r) => [r.amount, r.balanceAfter, r.reason])).toEqual([
      [-30000, 90000, 'package_pay'],
      [-30000, 60000, 'package_pay'],
    ]);
    clock.set(START);
  });

  it('paying with too little gold fails and changes nothing (order, coupon, balance, ledger)', async () => {
    const u = await newUser(app, { gold: 17999 });
    const couponId = await giveCoupon(app, u.uid, {
      type: CouponType.Cash,
      value: 1000,
      validUntil: new Date(clock.now().getTime() + DAY),
    });
    const res = await buy(u.token, { packageId: month, payMethod: PayMethod.Local, couponId });
    expect(res.status).toBe(409);
    expect(res.error).toBe('insufficient_gold');
    expect((await userRow(app, u.uid)).gold).toBe(17999);
    expect((await userRow(app, u.uid)).vipExpireAt).toBeNull();
    expect(await ledgerOf(u.uid)).toEqual([]);
    expect(await app.platform.db.select().from(payOrders).where(eq(payOrders.userId, u.uid))).toEqual([]);
    const [coupon] = await app.platform.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon).toMatchObject({ state: 'unused', orderId: null });
  });

  it('refuses gold packs paid with gold, unknown pay methods and unconfigured WeChat/Alipay', async () => {
    const u = await newUser(app, { gold: 1000000 });
    const gold = await packageId(app, 'gold_1000');
    expect((await buy(u.token, { packageId: gold, payMethod: 0 })).error).toBe('local_pay_not_allowed');
    for (const payMethod of [100, 102, 103, 104, 203, 204, 300, 400]) {
      const res = await buy(u.token, { packageId: month, payMethod });
      expect([res.status, res.error]).toEqual([400, 'pay_method_unavailable']);
    }
    expect((await buy(u.token, { packageId: month, payMethod: 7 })).status).toBe(400);
    const disabled = await packageId(app, 'vip_week');
    expect((await buy(u.token, { packageId: disabled, payMethod: 0 })).error).toBe('package_not_found');
    expect(await app.platform.db.select().from(payOrders).where(eq(payOrders.userId, u.uid))).toEqual([]);
  });

  it('a coupon is used at most once under concurrent orders', async () => {
    const u = await newUser(app, { gold: 100000 });
    const couponId = await giveCoupon(app, u.uid, {
      type: CouponType.Cash,
      value: 1000,
      validUntil: new Date(clock.now().getTime() + DAY),
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => buy(u.token, { packageId: month, payMethod: 0, couponId })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.result).toMatchObject({ amountFen: 1500, discountFen: 1000, couponId });
    expect(results.filter((r) => r.status !== 200).map((r) => r.error)).toEqual(
      Array(5).fill('coupon_unavailable'),
    );
    expect((await userRow(app, u.uid)).gold).toBe(100000 - 18000);
    const [coupon] = await app.platform.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon).toMatchObject({ state: 'used', orderId: ok[0]!.result.id });
    const page = await api<{ items: { id: number; state: string }[] }>(
      app,
      'POST',
      '/api/sysCoupon/page',
      u.token,
      {
        state: 'used',
      },
    );
    expect(page.result.items).toMatchObject([{ id: couponId, state: 'used' }]);
  });

  it('offline orders wait for an operator; an expired order cannot be paid and releases its coupon', async () => {
    clock.set(START);
    const u = await newUser(app);
    const couponId = await giveCoupon(app, u.uid, {
      type: CouponType.Discount,
      value: 800,
      validUntil: new Date(clock.now().getTime() + 10 * DAY),
    });
    const order = await buy(u.token, { packageId: month, payMethod: PayMethod.Offline, couponId });
    expect(order.result).toMatchObject({ state: 'pending', amountFen: 2000, payParams: { kind: 'offline' } });
    const user = await newUser(app);
    expect((await decide('confirmOffline', order.result.id, { token: user.token })).status).toBe(403);
    clock.advance(DAY + 1000);
    // Access tokens last hours: sign in again at the new time.
    const admin2 = await tokenFor(app, 'admin');
    const again = await app.platform.sessions.start({ uid: u.uid, tenantId: 1, roles: ['user'] });
    u.token = again.accessToken;
    const late = await decide('confirmOffline', order.result.id, { token: admin2 });
    expect([late.status, late.error]).toEqual([409, 'order_expired']);
    const detail = await api<Order>(app, 'GET', `/api/sysOrder/detail?id=${order.result.id}`, u.token);
    expect(detail.result).toMatchObject({ state: 'expired', payParams: null });
    expect((await userRow(app, u.uid)).vipExpireAt).toBeNull();
    const usable = await api<{ items: { id: number }[] }>(app, 'POST', '/api/sysCoupon/page', u.token, {});
    expect(usable.result.items.map((c) => c.id)).toEqual([couponId]);
    expect((await api(app, 'POST', '/api/sysOrder/cancel', u.token, { id: order.result.id })).error).toBe(
      'order_not_pending',
    );
    clock.set(START);
  });

  it('the recurring expiry job expires a pending order nobody reads and releases its coupon', async () => {
    clock.set(START);
    const u = await newUser(app);
    const couponId = await giveCoupon(app, u.uid, {
      type: CouponType.Discount,
      value: 800,
      validUntil: new Date(clock.now().getTime() + 10 * DAY),
    });
    const order = await buy(u.token, { packageId: month, payMethod: PayMethod.Offline, couponId });
    const stateOf = async () =>
      (await app.platform.db.select().from(payOrders).where(eq(payOrders.id, order.result.id)))[0]!.state;
    const couponOf = async () =>
      (await app.platform.db.select().from(userCoupons).where(eq(userCoupons.id, couponId)))[0]!;
    expect(await couponOf()).toMatchObject({ state: 'reserved', orderId: order.result.id });

    clock.advance(DAY + 1000);
    expect(await stateOf()).toBe('pending');
    await app.platform.jobs.runDue();
    const deadline = Date.now() + 15_000;
    while ((await stateOf()) !== 'expired' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect(await stateOf()).toBe('expired');
    expect(await couponOf()).toMatchObject({ state: 'unused', orderId: null });
    clock.set(START);
  });

  it('operator confirms an offline order once, and a refund takes the VIP days back', async () => {
    const u = await newUser(app);
    const order = await buy(u.token, { packageId: month, payMethod: PayMethod.Offline });
    const [a, b] = await Promise.all([
      decide('confirmOffline', order.result.id, { remark: '已到账' }),
      decide('confirmOffline', order.result.id),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const paid = await api<Order>(
      app,
      'GET',
      `/api/sysOrder/detail?orderNo=${order.result.orderNo}`,
      u.token,
    );
    expect(paid.result.state).toBe('paid');
    const now = clock.now().getTime();
    expect((await userRow(app, u.uid)).vipExpireAt?.toISOString()).toBe(
      new Date(now + 30 * DAY).toISOString(),
    );
    const refund = await decide('refund', order.result.id);
    expect(refund.result.state).toBe('refunded');
    expect((await userRow(app, u.uid)).vipExpireAt?.toISOString()).toBe(new Date(now).toISOString());
    expect((await decide('refund', order.result.id)).error).toBe('order_not_paid');
    // The older admin path tells the buyer as the console does: one notice per decision, none for the refused one.
    const notices = await api<{ items: { title: string; content: string }[] }>(
      app,
      'POST',
      '/api/sysIMMessage/page',
      u.token,
      { page: 1, pageSize: 20 },
    );
    expect(notices.result.items.map((n) => n.content)).toEqual([
      `订单 ${order.result.orderNo} 已退款`,
      `你的线下付款已确认，订单 ${order.result.orderNo} 已到账`,
    ]);
  });

  it('refunding a gold-paid order gives the gold back through the ledger', async () => {
    const u = await newUser(app, { gold: 36000 });
    const order = await buy(u.token, { packageId: month, payMethod: 0 });
    expect((await userRow(app, u.uid)).gold).toBe(6000);
    await decide('refund', order.result.id);
    expect((await userRow(app, u.uid)).gold).toBe(36000);
    expect((await ledgerOf(u.uid)).map((r) => [r.amount, r.reason])).toEqual([
      [-30000, 'package_pay'],
      [30000, 'refund'],
    ]);
  });

  it('a free package is claimable once per Asia/Shanghai day, even concurrently', async () => {
    clock.set('2026-03-02T15:00:00.000Z'); // 23:00 in Shanghai
    const u = await newUser(app);
    const free = await packageId(app, 'free_daily');
    const claims = await Promise.all([1, 2, 3].map(() => buy(u.token, { packageId: free, payMethod: 0 })));
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409, 409]);
    expect(claims.filter((c) => c.status === 409).map((c) => c.error)).toEqual([
      'free_package_used_today',
      'free_package_used_today',
    ]);
    expect((await userRow(app, u.uid)).gold).toBe(600);
    const today = await api(app, 'GET', '/api/sysGoldPackageOrder/todayFreeNumber', u.token);
    expect(today.result).toEqual({ date: '2026-03-02', limit: 1, used: 1, remaining: 0 });
    clock.set('2026-03-02T16:00:00.000Z'); // next Shanghai day
    expect((await buy(u.token, { packageId: free, payMethod: 0 })).status).toBe(200);
    expect((await userRow(app, u.uid)).gold).toBe(1200);
    clock.set(START);
  });

  it('my orders page newest first, with state filter; cancel releases the coupon', async () => {
    const u = await newUser(app, { gold: 30000 });
    const couponId = await giveCoupon(app, u.uid, {
      type: CouponType.Cash,
      value: 500,
      validUntil: new Date(clock.now().getTime() + DAY),
    });
    const pending = await buy(u.token, { packageId: month, payMethod: 1, couponId });
    const cancel = await api<Order>(app, 'POST', '/api/sysOrder/cancel', u.token, { id: pending.result.id });
    expect(cancel.result.state).toBe('canceled');
    const [coupon] = await app.platform.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.id, couponId)));
    expect(coupon!.state).toBe('unused');
    clock.advance(1000);
    await buy(u.token, { packageId: month, payMethod: 0, couponId });
    const page = await api<{ items: Order[]; total: number }>(
      app,
      'POST',
      '/api/sysGoldPackageOrder/page',
      u.token,
      {},
    );
    expect(page.result.total).toBe(2);
    expect(page.result.items.map((o) => o.state)).toEqual(['paid', 'canceled']);
    const paidOnly = await api<{ items: Order[] }>(app, 'POST', '/api/sysGoldPackageOrder/page', u.token, {
      state: 'paid',
    });
    expect(paidOnly.result.items).toHaveLength(1);
    const other = await newUser(app);
    expect((await api(app, 'GET', `/api/sysOrder/detail?id=${pending.result.id}`, other.token)).status).toBe(
      404,
    );
    clock.set(START);
  });
});
