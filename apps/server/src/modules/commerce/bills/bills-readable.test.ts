import { DEFAULT_TENANT_ID, HOLD_REASONS, LEDGER_REASONS, type Bill } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { createGoldHolds } from '../../../platform/wallet/holds.js';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { api, newUser, packageId } from '../../../test/commerce.js';

const clock = fixedClock('2026-05-10T04:00:00Z');
const MONTH = '2026-05';

describe('readable records: one line per task, a kind and a target on every row; welfare and VIP states', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
  });
  afterAll(() => app.close());

  it('lists every reason a task hold can write (the contract list the web labels)', () => {
    for (const reason of HOLD_REASONS)
      expect(LEDGER_REASONS).toEqual(expect.arrayContaining([reason, `${reason}_captured`, `${reason}_released`]));
  });

  it("a task's hold, capture and release show as one line with its state and net; the calendar sums the same", async () => {
    const u = await newUser(app);
    const db = app.platform.db;
    const holds = createGoldHolds(clock);
    await changeBalance(db, {
      tenantId: DEFAULT_TENANT_ID,
      userId: u.uid,
      currency: 'gold',
      amount: 1000,
      reason: 'welcome_gift',
      refType: 'user',
      refId: String(u.uid),
      at: clock.now(),
    });
    const task = (refType: string, refId: string) => ({ tenantId: DEFAULT_TENANT_ID, refType, refId });
    await holds.reserve(db, { ...task('ai_draw', '71'), userId: u.uid, amount: 60, reason: 'ai_draw' });
    await holds.capture(db, task('ai_draw', '71'));
    await holds.reserve(db, { ...task('tts', '72'), userId: u.uid, amount: 200, reason: 'ai_dubbing' });
    await holds.release(db, task('tts', '72'));
    await holds.reserve(db, { ...task('article_to_video', '73'), userId: u.uid, amount: 300, reason: 'ai_video' });

    const page = await api<{ items: Bill[]; total: number }>(app, 'POST', '/api/sysGoldPackageBill/page', u.token, {
      page: 1,
      pageSize: 20,
      currency: 'gold',
      month: MONTH,
    });
    expect(page.status).toBe(200);
    const lines = page.result.items.map((b) => [b.kind, b.state, b.amount, b.net, b.target]);
    expect(lines).toEqual([
      ['ai_video', 'held', -300, -300, { type: 'video_task', id: '73' }],
      ['ai_dubbing', 'released', -200, 0, { type: 'dubbing_task', id: '72' }],
      ['ai_draw', 'captured', -60, -60, { type: 'drawing_task', id: '71' }],
      ['welcome_gift', null, 1000, 1000, null],
    ]);
    expect(page.result.total).toBe(4);
    // No amount-0 rows and no separate release rows.
    expect(page.result.items.every((b) => !b.reason.endsWith('_captured') && !b.reason.endsWith('_released'))).toBe(true);

    const calendar = await api<{ income: number; expense: number; days: { count: number; total: number }[] }>(
      app,
      'GET',
      `/api/sysGoldPackageBill/calendar?month=${MONTH}&currency=gold`,
      u.token,
    );
    expect(calendar.result).toMatchObject({ income: 1000, expense: 360, days: [{ count: 4, total: 640 }] });

    const drawLine = page.result.items.find((b) => b.kind === 'ai_draw')!;
    const detail = await api<Bill>(app, 'GET', `/api/sysGoldPackageBill/detail?id=${drawLine.id}`, u.token);
    expect(detail.result).toMatchObject({ kind: 'ai_draw', state: 'captured', target: { type: 'drawing_task', id: '71' } });
  });

  it('an order row links to its order; an insufficient VIP purchase with gold says the shortfall', async () => {
    const u = await newUser(app, { gold: 7300 });
    // Gold pays for the quarter's VIP days (¥68 at 1200 gold a yuan), not for the gold it includes.
    const quarter = await packageId(app, 'vip_quarter');
    const refused = await api(app, 'POST', '/api/sysPay/buyGoldPackage', u.token, { packageId: quarter, payMethod: 0 });
    expect([refused.status, refused.error]).toEqual([409, 'insufficient_gold']);
    expect(refused.body.extras).toMatchObject({ need: 81600, balance: 7300, missing: 74300 });

    const rich = await newUser(app, { gold: 30000 });
    const month = await packageId(app, 'vip_month');
    const paid = await api(app, 'POST', '/api/sysPay/buyGoldPackage', rich.token, { packageId: month, payMethod: 0 });
    expect(paid.status).toBe(200);
    const page = await api<{ items: Bill[] }>(app, 'POST', '/api/sysGoldPackageBill/page', rich.token, {
      page: 1,
      pageSize: 20,
      currency: 'gold',
    });
    expect(page.result.items[0]).toMatchObject({ kind: 'package_pay', state: null, target: { type: 'order' } });
  });

  it("welfare: each coupon says whether the caller claimed it, from the server's state", async () => {
    const u = await newUser(app);
    const before = await api<{ coupons: { code: string; claimed: boolean }[] }>(app, 'GET', '/api/sysWelfare/info', u.token);
    const code = before.result.coupons[0]!.code;
    expect(before.result.coupons.every((c) => !c.claimed)).toBe(true);
    expect((await api(app, 'POST', '/api/sysCoupon/exchange', u.token, { code })).status).toBe(200);
    const after = await api<{ coupons: { code: string; claimed: boolean }[] }>(app, 'GET', '/api/sysWelfare/info', u.token);
    expect(after.result.coupons.find((c) => c.code === code)?.claimed).toBe(true);
    // A visitor (no token) sees nothing claimed.
    const visitor = await api<{ coupons: { claimed: boolean }[] }>(app, 'GET', '/api/sysWelfare/info', null);
    expect(visitor.result.coupons.every((c) => !c.claimed)).toBe(true);
  });
});
