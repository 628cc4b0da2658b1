import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../../platform/audit/audit.table.js';
import { DEFAULT_TENANT_ID, type Order } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, shanghaiDate } from '../../../platform/clock.js';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { tokenFor } from '../../../test/tokens.js';
import { ledger } from '../../../platform/wallet/wallet.table.js';
import { multipart, png } from '../../../test/uploads.js';
import { api, newUser, packageId, userRow } from '../../../test/commerce.js';

const START = '2026-03-02T02:00:00.000Z';

describe('coupons by code, referral codes, bills, welfare and ambassadors', () => {
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

  it('redeems a code once per user; the picker and calculateDiscountedPrice price it on the server', async () => {
    const u = await newUser(app, { gold: 120000 });
    const first = await api<{
      kind: string;
      coupon: { id: number; type: number; value: number; state: string };
    }>(app, 'POST', '/api/sysCoupon/exchange', u.token, { code: 'vip_80' });
    expect(first.result).toMatchObject({ kind: 'coupon', coupon: { type: 2, value: 800, state: 'usable' } });
    const again = await api(app, 'POST', '/api/sysCoupon/exchange', u.token, { code: 'VIP_80' });
    expect([again.status, again.error]).toEqual([409, 'coupon_limit_reached']);
    expect((await api(app, 'POST', '/api/sysCoupon/exchange', u.token, { code: 'NOPE1234' })).error).toBe(
      'coupon_code_invalid',
    );
    await api(app, 'POST', '/api/sysCoupon/exchange', u.token, { code: 'FULL_50_10' });
    const couponId = first.result.coupon.id;
    const quote = await api(app, 'POST', '/api/sysCoupon/calculateDiscountedPrice', u.token, {
      packageId: month,
      couponId,
    });
    expect(quote.result).toEqual({
      packageId: month,
      couponId,
      originalFen: 2500,
      discountFen: 500,
      payFen: 2000,
      goldCost: 24000,
    });
    const picker = await api<{
      items: { usable: boolean; reason: string | null; coupon: { id: number } }[];
      best: { payFen: number };
    }>(app, 'POST', '/api/sysCoupon/ApplyCoupon', u.token, { packageId: month });
    expect(picker.result.best.payFen).toBe(2000);
    expect(picker.result.items.map((i) => [i.usable, i.reason])).toEqual([
      [true, null],
      [false, 'coupon_threshold_not_met'],
    ]);
    const full = await api(app, 'POST', '/api/sysCoupon/calculateDiscountedPrice', u.token, {
      packageId: month,
      couponId: picker.result.items[1]!.coupon.id,
    });
    expect([full.status, full.error]).toEqual([400, 'coupon_threshold_not_met']);
    clock.advance(31 * 86_400_000);
    const fresh = await app.platform.sessions.start({
      uid: u.uid,
      tenantId: DEFAULT_TENANT_ID,
      roles: ['user'],
    });
    const expired = await api<{ items: { state: string }[] }>(
      app,
      'POST',
      '/api/sysCoupon/page',
      fresh.accessToken,
      { state: 'expired' },
    );
    expect(expired.result.items.map((c) => c.state)).toEqual(['expired', 'expired']);
    clock.set(START);
  });

  it('package coupons have limited stock', async () => {
    const takers = await Promise.all(Array.from({ length: 3 }, () => newUser(app)));
    await app.platform.db.execute(
      sql`UPDATE coupon_template SET stock = issued + 2 WHERE code = 'PACKAGE_MONTH'`,
    );
    const results = await Promise.all(
      takers.map((t) => api(app, 'POST', '/api/sysCoupon/exchange', t.token, { code: 'PACKAGE_MONTH' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect(results.find((r) => r.status === 409)!.error).toBe('coupon_out_of_stock');
  });

  it('one stable referral code; the referee’s first paid order rewards the referrer once', async () => {
    const referrer = await newUser(app);
    const code1 = await api<{ code: string }>(
      app,
      'POST',
      '/api/sysUserCouponCode/generateCouponCode',
      referrer.token,
    );
    const code2 = await api<{ code: string }>(
      app,
      'POST',
      '/api/sysUserCouponCode/generateCouponCode',
      referrer.token,
    );
    expect(code1.result.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(code2.result.code).toBe(code1.result.code);
    const own = await api(app, 'POST', '/api/sysUserCouponCode/bind', referrer.token, {
      code: code1.result.code,
    });
    expect(own.error).toBe('referral_own_code');

    const referee = await newUser(app, { gold: 120000 });
    const bound = await api(app, 'POST', '/api/sysCoupon/exchange', referee.token, {
      code: code1.result.code.toLowerCase(),
    });
    expect(bound.result).toMatchObject({ kind: 'referral' });
    expect((await api(app, 'GET', '/api/sysUserCouponCode/dropdown', referee.token)).result).toEqual([
      { label: expect.stringContaining(code1.result.code), value: code1.result.code },
    ]);
    const free = await packageId(app, 'free_daily');
    await api(app, 'POST', '/api/sysPay/buyGoldPackage', referee.token, { packageId: free, payMethod: 0 });
    expect((await userRow(app, referrer.uid)).gold).toBe(0); // a free claim is not a paid order
    const orders = await Promise.all([
      api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', referee.token, {
        packageId: month,
        payMethod: 0,
      }),
      api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', referee.token, {
        packageId: month,
        payMethod: 0,
      }),
    ]);
    expect(orders.map((o) => o.status)).toEqual([200, 200]);
    expect((await userRow(app, referrer.uid)).gold).toBe(6000);
    const rewards = await app.platform.db.select().from(ledger).where(eq(ledger.userId, referrer.uid));
    expect(rewards.map((r) => [r.amount, r.reason])).toEqual([[6000, 'referral_reward']]);
    const list = await api<{
      code: { usedCount: number; rewardedGold: number };
      items: { userId: number; rewardTime: string | null }[];
    }>(app, 'POST', '/api/sysUserCouponCode/list', referrer.token, {});
    expect(list.result.code).toMatchObject({ usedCount: 1, rewardedGold: 6000 });
    expect(list.result.items).toMatchObject([{ userId: referee.uid, rewardTime: expect.any(String) }]);
    const twice = await api(app, 'POST', '/api/sysUserCouponCode/bind', referee.token, {
      code: code1.result.code,
    });
    expect(twice.error).toBe('referral_already_bound');
  });

  it('the refund of the order that earned a referral reward takes the reward back: one ledger row each way', async () => {
    const referrer = await newUser(app);
    const { code } = (
      await api<{ code: string }>(app, 'POST', '/api/sysUserCouponCode/generateCouponCode', referrer.token)
    ).result;
    const referee = await newUser(app, { gold: 120000 });
    await api(app, 'POST', '/api/sysUserCouponCode/bind', referee.token, { code });
    const buy = () =>
      api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', referee.token, { packageId: month, payMethod: 0 });
    const first = await buy();
    expect((await userRow(app, referrer.uid)).gold).toBe(6000);
    const refunded = await api(app, 'POST', '/api/sysOrder/refund', admin, { id: first.result.id });
    expect(refunded.status).toBe(200);
    const rows = async () =>
      (await app.platform.db.select().from(ledger).where(eq(ledger.userId, referrer.uid))).map((r) => [
        r.amount,
        r.reason,
      ]);
    expect(await rows()).toEqual([
      [6000, 'referral_reward'],
      [-6000, 'referral_reverse'],
    ]);
    expect((await userRow(app, referrer.uid)).gold).toBe(0);
    const list = await api<{ code: { rewardedGold: number }; items: { rewardTime: string | null }[] }>(
      app,
      'POST',
      '/api/sysUserCouponCode/list',
      referrer.token,
      {},
    );
    expect(list.result.code.rewardedGold).toBe(0);
    expect(list.result.items).toMatchObject([{ rewardTime: null }]);

    // The next paid order earns it again; the referrer spends 5800 of it before that order is refunded too:
    // the refund takes back the 200 left (never below zero) and the audit row records the 5800 short.
    const second = await buy();
    expect((await userRow(app, referrer.uid)).gold).toBe(6000);
    await app.platform.db.execute(sql`update app_user set gold = gold - 5800 where id = ${referrer.uid}`);
    expect((await api(app, 'POST', '/api/sysOrder/refund', admin, { id: second.result.id })).status).toBe(200);
    expect((await userRow(app, referrer.uid)).gold).toBe(0);
    expect((await rows()).slice(2)).toEqual([
      [6000, 'referral_reward'],
      [-200, 'referral_reverse'],
    ]);
    const [audit] = await app.platform.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, second.result.orderNo)));
    expect(audit!.after).toMatchObject({ referralGoldTakenBack: 200, referralShortfall: 5800 });
  });

  it('bills: month page and each Asia/Shanghai day total in the calendar; record detail with its order', async () => {
    const u = await newUser(app, { gold: 120000 });
    const order = await api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', u.token, {
      packageId: month,
      payMethod: 0,
    });
    const rows = [
      ['2026-02-28T16:30:00Z', 100], // 03-01 00:30 Shanghai
      ['2026-03-31T15:59:59Z', -30], // 03-31 23:59:59
      ['2026-03-31T15:00:00Z', 70],
      ['2026-03-31T16:00:00Z', -999], // 04-01 00:00 Shanghai: next month
    ] as const;
    for (const [at, amount] of rows) {
      await app.platform.db.insert(ledger).values({
        tenantId: DEFAULT_TENANT_ID,
        userId: u.uid,
        currency: 'gold',
        amount,
        balanceAfter: 0,
        reason: 'test',
        createdAt: new Date(at),
      });
    }
    const cal = await api<{ days: unknown[]; income: number; expense: number }>(
      app,
      'GET',
      '/api/sysGoldPackageBill/calendar?month=2026-03&currency=gold',
      u.token,
    );
    // The package paid with gold is on the day the (injected) clock says it was paid.
    const paidOn = shanghaiDate(clock.now());
    expect(cal.result.days).toEqual([
      { date: '2026-03-01', income: 100, expense: 0, total: 100, count: 1 },
      { date: paidOn, income: 0, expense: 30000, total: -30000, count: 1 },
      { date: '2026-03-31', income: 70, expense: 30, total: 40, count: 2 },
    ]);
    const april = await api<{ items: { amount: number; date: string }[]; total: number }>(
      app,
      'POST',
      '/api/sysGoldPackageBill/page',
      u.token,
      { month: '2026-04', currency: 'gold' },
    );
    expect(april.result.items.map((b) => [b.amount, b.date])).toEqual([[-999, '2026-04-01']]);
    const all = await api<{ items: { id: number; reason: string }[] }>(
      app,
      'POST',
      '/api/sysGoldPackageBill/page',
      u.token,
      {},
    );
    const pay = all.result.items.find((b) => b.reason === 'package_pay')!;
    const detail = await api<{ order: Order | null; amount: number }>(
      app,
      'GET',
      `/api/sysGoldPackageBill/detail?id=${pay.id}`,
      u.token,
    );
    expect(detail.result).toMatchObject({ amount: -30000, order: { id: order.result.id, state: 'paid' } });
    const other = await newUser(app);
    expect((await api(app, 'GET', `/api/sysGoldPackageBill/detail?id=${pay.id}`, other.token)).status).toBe(
      404,
    );
    expect((await api(app, 'GET', '/api/sysGoldPackageBill/calendar?month=2026-13', u.token)).status).toBe(
      400,
    );
  });

  it('welfare page, ambassador application, screenshots, review and a reward claimable once', async () => {
    const welfare = await api<{
      benefits: unknown[];
      coupons: { code: string }[];
      tasks: { id: number; rewardGold: number }[];
    }>(app, 'GET', '/api/sysWelfare/info', null);
    expect(welfare.result.benefits.length).toBeGreaterThan(0);
    expect(welfare.result.coupons.map((c) => c.code)).toContain('NEW_USER_10');
    const task = welfare.result.tasks[0]!;
    expect(task.rewardGold).toBe(3600);

    const u = await newUser(app);
    const upload = multipart([
      { field: 'file', name: 'shot.png', type: 'image/png', data: await png(300, 600) },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?visibility=private',
      headers: { ...upload.headers, authorization: `Bearer ${u.token}` },
      payload: upload.payload,
    });
    const fileId = (JSON.parse(up.body) as { result: { files: { id: number }[] } }).result.files[0]!.id;
    const submitBody = {
      taskId: task.id,
      fileIds: [fileId],
      link: 'https://www.xiaohongshu.com/explore/abc',
    };

    expect((await api(app, 'POST', '/api/sysAmbassador/screenshot', u.token, submitBody)).error).toBe(
      'ambassador_not_approved',
    );
    const applied = await api<{ id: number; state: string }>(
      app,
      'POST',
      '/api/sysAmbassador/apply',
      u.token,
      {
        platform: '小红书',
        accountName: '爱写字的小鹿',
        followers: 3200,
        contact: '13800000123',
        reason: '喜欢分享 AI 工具',
      },
    );
    expect(applied.result.state).toBe('pending');
    expect(
      (
        await api(app, 'POST', '/api/sysAmbassador/apply', u.token, {
          platform: '抖音',
          accountName: 'x',
          followers: 1,
          contact: '123456',
        })
      ).error,
    ).toBe('ambassador_already_applied');
    expect(
      (
        await api(app, 'POST', '/api/sysAmbassador/admin/reviewApplication', u.token, {
          id: applied.result.id,
          approve: true,
        })
      ).status,
    ).toBe(403);
    await api(app, 'POST', '/api/sysAmbassador/admin/reviewApplication', admin, {
      id: applied.result.id,
      approve: true,
    });

    const stranger = await newUser(app);
    const notMine = await api(app, 'POST', '/api/sysAmbassador/screenshot', u.token, {
      ...submitBody,
      fileIds: [fileId + 100000],
    });
    expect(notMine.error).toBe('screenshot_not_image');
    // The link is opened by operators in the console: http(s) only.
    for (const link of [
      "javascript:document.title='pwned'",
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com/a',
      'https://exa mple.com/a',
    ]) {
      const refused = await api(app, 'POST', '/api/sysAmbassador/screenshot', u.token, {
        ...submitBody,
        link,
      });
      expect([refused.status, refused.body.message], link).toEqual([
        400,
        { link: ['请填写以 http:// 或 https:// 开头的链接'] },
      ]);
    }
    const sub = await api<{ id: number; state: string; rewardState: string; screenshots: string[] }>(
      app,
      'POST',
      '/api/sysAmbassador/screenshot',
      u.token,
      submitBody,
    );
    expect(sub.result).toMatchObject({ state: 'pending', rewardState: 'none' });
    expect(sub.result.screenshots).toHaveLength(1);
    expect((await api(app, 'POST', '/api/sysAmbassador/screenshot', u.token, submitBody)).error).toBe(
      'ambassador_already_submitted',
    );
    expect(
      (await api(app, 'POST', '/api/sysAmbassador/claimReward', u.token, { submissionId: sub.result.id }))
        .error,
    ).toBe('reward_not_claimable');
    expect(
      (
        await api(app, 'POST', '/api/sysAmbassador/claimReward', stranger.token, {
          submissionId: sub.result.id,
        })
      ).status,
    ).toBe(404);

    const queue = await api<{ items: { id: number }[] }>(
      app,
      'POST',
      '/api/sysAmbassador/admin/submissions',
      admin,
      { state: 'pending' },
    );
    expect(queue.result.items.map((s) => s.id)).toContain(sub.result.id);
    await api(app, 'POST', '/api/sysAmbassador/admin/reviewSubmission', admin, {
      id: sub.result.id,
      approve: true,
      note: '截图清晰',
    });
    const result = await api<{ state: string; rewardState: string; reviewNote: string }[]>(
      app,
      'GET',
      `/api/sysAmbassador/result?taskId=${task.id}`,
      u.token,
    );
    expect(result.result[0]).toMatchObject({
      state: 'approved',
      rewardState: 'claimable',
      reviewNote: '截图清晰',
    });

    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        api<{ granted: boolean }>(app, 'POST', '/api/sysAmbassador/claimReward', u.token, {
          submissionId: sub.result.id,
        }),
      ),
    );
    expect(claims.map((c) => c.result.granted).sort()).toEqual([false, false, true]);
    expect((await userRow(app, u.uid)).gold).toBe(3600);
    const info = await api<{
      application: { state: string };
      tasks: { submission: { rewardState: string } | null }[];
    }>(app, 'GET', '/api/sysAmbassador/info', u.token);
    expect(info.result.application.state).toBe('approved');
    expect(info.result.tasks[0]!.submission!.rewardState).toBe('claimed');
  });
});
