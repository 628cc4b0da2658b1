import { and, eq } from 'drizzle-orm';
import { PayMethod, type Order } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { auditLog } from '../../../platform/audit/audit.table.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { ledger } from '../../../platform/wallet/wallet.table.js';
import { createTestApp, json, type TestApp } from '../../../test/build-app.js';
import { tokenFor } from '../../../test/tokens.js';
import { api, newUser, userRow, setPackageGold } from '../../../test/commerce.js';

const START = '2026-03-02T02:00:00.000Z';

describe('refunding an order whose gold was spent: never silent', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = await tokenFor(app, 'admin');
  });
  afterAll(() => app.close());

  const ledgerOf = async (uid: number) =>
    (await app.platform.db.select().from(ledger).where(eq(ledger.userId, uid)).orderBy(ledger.id)).map(
      (r) => [r.amount, r.reason, r.balanceAfter],
    );
  const spend = (uid: number, amount: number) =>
    app.platform.db.transaction((tx) =>
      changeBalance(tx, {
        at: clock.now(),
        tenantId: 1,
        userId: uid,
        currency: 'gold',
        amount: -amount,
        reason: 'ai_draw',
      }),
    );
  /** A user whose offline order of 1,000 gold an operator confirmed, then spent all but `left` of it. */
  const spentOfflineOrder = async (left: number) => {
    const user = await newUser(app);
    const order = await api<Order>(app, 'POST', '/api/sysPay/buyGoldPackage', user.token, {
      packageId: await setPackageGold(app, 'gold_1000', 1000),
      payMethod: PayMethod.Offline,
    });
    await api(app, 'POST', '/api/console/orders/confirm-offline', admin, { id: order.result.id });
    expect((await userRow(app, user.uid)).gold).toBe(1000);
    if (left < 1000) await spend(user.uid, 1000 - left);
    return { user, orderId: order.result.id, orderNo: order.result.orderNo };
  };
  const refund = (body: Record<string, unknown>, language = 'en') =>
    app
      .inject({
        method: 'POST',
        url: '/api/console/orders/refund',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
        payload: body,
      })
      .then((res) => ({ status: res.statusCode, body: json<Order>(res) }));

  it('the preview shows the gold to take back, the balance and the shortfall; the refund is refused with those amounts until the shortfall is accepted; the balance never goes below zero and the ledger matches', async () => {
    const { user, orderId, orderNo } = await spentOfflineOrder(100);

    const preview = await api(app, 'GET', `/api/console/orders/${orderId}/refund-preview`, admin);
    expect(preview.result).toEqual({
      orderId,
      orderNo,
      gold: 1000,
      balance: 100,
      takeBack: 100,
      shortfall: 900,
      goldReturned: 0,
      vipDays: 0,
    });

    // Not accepted: refused, saying exactly what can be taken back; nothing changed.
    const refused = await refund({ id: orderId, reason: 'customer asked' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 409,
      message:
        'The 1000 gold this order gave has been spent: the user has 100 gold, so only 100 gold can be taken back and 900 gold cannot. Accept the shortfall to refund.',
      extras: { error: 'refund_gold_spent', gold: 1000, balance: 100, takeBack: 100, shortfall: 900 },
    });
    const zh = await refund({ id: orderId, reason: '用户申请' }, 'zh-Hans');
    expect(zh.body.message).toBe(
      '该订单发放的1000金币已被使用，用户现有100金币：只能收回100金币，差额900金币无法收回。请确认差额后再退款',
    );
    // The old admin endpoint follows the same rule.
    expect((await api(app, 'POST', '/api/sysOrder/refund', admin, { id: orderId })).error).toBe(
      'refund_gold_spent',
    );
    expect((await userRow(app, user.uid)).gold).toBe(100);
    expect((await api<Order>(app, 'GET', `/api/console/orders/${orderId}`, admin)).result.state).toBe('paid');

    // The user spends more after the operator saw the preview: the shortfall accepted is no longer enough.
    await spend(user.uid, 40);
    const stale = await refund({ id: orderId, reason: 'customer asked', acceptShortfall: 900 });
    expect(stale.body.extras).toMatchObject({
      error: 'refund_gold_spent',
      balance: 60,
      takeBack: 60,
      shortfall: 940,
    });

    const done = await refund({ id: orderId, reason: 'customer asked', acceptShortfall: 940 });
    expect([done.status, done.body.result.state]).toEqual([200, 'refunded']);
    expect((await userRow(app, user.uid)).gold).toBe(0);
    expect(await ledgerOf(user.uid)).toEqual([
      [1000, 'package_purchase', 1000],
      [-900, 'ai_draw', 100],
      [-40, 'ai_draw', 60],
      [-60, 'refund_reverse', 0],
    ]);
    const [entry] = await app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, orderNo)));
    expect(entry).toMatchObject({
      before: { state: 'paid', balance: 60 },
      after: { state: 'refunded', gold: 1000, goldTakenBack: 60, shortfall: 940 },
      reason: 'customer asked',
    });
    expect((await api(app, 'GET', `/api/console/orders/${orderId}/refund-preview`, admin)).error).toBe(
      'order_not_paid',
    );
  });

  it('an order whose gold is all still there refunds without asking, taking it all back', async () => {
    const { user, orderId } = await spentOfflineOrder(1000);
    expect(
      (await api(app, 'GET', `/api/console/orders/${orderId}/refund-preview`, admin)).result,
    ).toMatchObject({
      takeBack: 1000,
      shortfall: 0,
    });
    expect((await refund({ id: orderId, reason: 'duplicate transfer' })).status).toBe(200);
    expect((await userRow(app, user.uid)).gold).toBe(0);
    expect((await ledgerOf(user.uid)).at(-1)).toEqual([-1000, 'refund_reverse', 0]);
  });
});
