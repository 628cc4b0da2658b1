import { DEFAULT_TENANT_ID } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { walletUsers } from '../../test/wallet-users.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { changeBalance } from './balance.js';
import { fixedClock } from '../clock.js';
import { createGoldHolds, findHold } from './holds.js';
import { goldHolds, ledger } from './wallet.table.js';

const tenantId = DEFAULT_TENANT_ID;
const clock = fixedClock('2026-05-01T10:00:00Z');
const holds = createGoldHolds(clock);

describe('wallet: gold holds for paid tasks', () => {
  let app: TestApp;
  let db: Db;

  const { userWith, goldOf } = walletUsers(() => db, clock, 13700000000);
  const ledgerOf = async (userId: number) =>
    (await db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(ledger.id))
      .slice(1)
      .map((r) => [r.amount, r.balanceAfter, r.reason]);
  const task = (refId: string) => ({ tenantId, refType: 'ai_draw', refId });

  beforeAll(async () => {
    app = await createTestApp();
    db = app.platform.db;
  });
  afterAll(async () => {
    await app.close();
  });

  it('reserve then capture: the gold is spent once, and a second capture or a late release changes nothing', async () => {
    const uid = await userWith(100);
    const reserved = await holds.reserve(db, { ...task('c1'), userId: uid, amount: 30, reason: 'ai_draw' });
    expect(reserved).toMatchObject({ created: true, hold: { status: 'held', amount: 30 } });
    expect(await goldOf(uid)).toBe(70);

    expect(await holds.capture(db, task('c1'))).toBe(true);
    expect(await holds.capture(db, task('c1'))).toBe(false);
    expect(await holds.release(db, task('c1'))).toBe(false);
    expect(await goldOf(uid)).toBe(70);
    expect((await findHold(db, task('c1')))?.status).toBe('captured');
    // Every row takes its time from the injected clock, not the database's.
    const rows = await db.select().from(ledger).where(eq(ledger.userId, uid));
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual(rows.map(() => clock.now().toISOString()));
    expect((await findHold(db, task('c1')))?.settledAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await ledgerOf(uid)).toEqual([
      [-30, 70, 'ai_draw'],
      [0, 70, 'ai_draw_captured'],
    ]);
  });

  it('refuses a reason the contract does not list (the records page could not label it), writing nothing', async () => {
    const uid = await userWith(100);
    await expect(
      changeBalance(db, { tenantId, userId: uid, currency: 'gold', amount: 5, reason: 'mystery' as never, at: clock.now() }),
    ).rejects.toThrow('LEDGER_REASONS');
    expect(await goldOf(uid)).toBe(100);
    expect(await ledgerOf(uid)).toEqual([]);
  });

  it('reserve then release: the gold comes back once, and a second release or a late capture changes nothing', async () => {
    const uid = await userWith(100);
    await holds.reserve(db, { ...task('r1'), userId: uid, amount: 40, reason: 'ai_draw' });
    expect(await goldOf(uid)).toBe(60);

    expect(await holds.release(db, task('r1'))).toBe(true);
    expect(await holds.release(db, task('r1'))).toBe(false);
    expect(await holds.capture(db, task('r1'))).toBe(false);
    expect(await goldOf(uid)).toBe(100);
    expect((await findHold(db, task('r1')))?.status).toBe('released');
    expect(await ledgerOf(uid)).toEqual([
      [-40, 60, 'ai_draw'],
      [40, 100, 'ai_draw_released'],
    ]);
  });

  it('reserving the same task again takes nothing more', async () => {
    const uid = await userWith(100);
    await holds.reserve(db, { ...task('twice'), userId: uid, amount: 25, reason: 'ai_draw' });
    const again = await holds.reserve(db, { ...task('twice'), userId: uid, amount: 25, reason: 'ai_draw' });
    expect(again).toMatchObject({ created: false, hold: { status: 'held', amount: 25 } });
    expect(await goldOf(uid)).toBe(75);
  });

  it('refuses a hold the balance cannot cover, and holds nothing', async () => {
    const uid = await userWith(10);
    const attempt = holds.reserve(db, { ...task('poor'), userId: uid, amount: 11, reason: 'ai_draw' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 409, id: 'insufficient_gold' });
    expect(await findHold(db, task('poor'))).toBeUndefined();
    expect(await goldOf(uid)).toBe(10);
  });

  it("joins the caller's transaction: a rolled-back accept leaves neither hold nor debit", async () => {
    const uid = await userWith(50);
    await expect(
      db.transaction(async (tx) => {
        await holds.reserve(tx, { ...task('rolled'), userId: uid, amount: 20, reason: 'ai_draw' });
        throw new Error('task insert failed');
      }),
    ).rejects.toThrow('task insert failed');
    expect(await findHold(db, task('rolled'))).toBeUndefined();
    expect(await goldOf(uid)).toBe(50);
    expect(await ledgerOf(uid)).toEqual([]);
  });

  it('concurrent reserves never take the balance below zero', async () => {
    const uid = await userWith(100);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        holds.reserve(db, { ...task(`many-${i}`), userId: uid, amount: 30, reason: 'ai_draw' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ id: 'insufficient_gold' });
    expect(await goldOf(uid)).toBe(10);
    const held = await db
      .select()
      .from(goldHolds)
      .where(and(eq(goldHolds.userId, uid), eq(goldHolds.status, 'held')));
    expect(held).toHaveLength(3);
  });

  it('a capture racing a release settles the hold exactly once', async () => {
    const uid = await userWith(100);
    await holds.reserve(db, { ...task('race'), userId: uid, amount: 30, reason: 'ai_draw' });
    const results = await Promise.all([
      holds.capture(db, task('race')),
      holds.release(db, task('race')),
      holds.release(db, task('race')),
      holds.capture(db, task('race')),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const status = (await findHold(db, task('race')))!.status;
    expect(await goldOf(uid)).toBe(status === 'captured' ? 70 : 100);
    expect(await ledgerOf(uid)).toHaveLength(2);
  });
});
