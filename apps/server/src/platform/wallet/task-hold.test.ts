import { DEFAULT_TENANT_ID } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { walletUsers } from '../../test/wallet-users.js';
import { fixedClock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createGoldHolds } from './holds.js';
import { createTaskHold } from './task-hold.js';
import { ledger } from './wallet.table.js';

const tenantId = DEFAULT_TENANT_ID;
const clock = fixedClock('2026-05-01T10:00:00Z');
const hold = createTaskHold({ refType: 'article_to_video', holds: createGoldHolds(clock) });

describe('task hold: one paid task’s gold from accept to end', () => {
  let app: TestApp;
  let db: Db;
  let nextTask = 1;

  const { userWith, goldOf } = walletUsers(() => db, clock, 13600000000);
  /** The ledger rows after the grant: amount and reason. */
  const ledgerOf = async (userId: number) =>
    (await db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(ledger.id))
      .slice(1)
      .map((r) => [r.amount, r.reason, r.refType, r.refId]);
  /** A new task of a user holding `gold`. */
  const taskOf = async (gold: number, round = 0) => {
    const userId = await userWith(gold);
    return { tenantId, userId, id: nextTask++, round };
  };

  beforeAll(async () => {
    app = await createTestApp();
    db = app.platform.db;
  });
  afterAll(async () => {
    await app.close();
  });

  it('place then capture: the gold is spent once, filed under the task; a late release gives nothing back', async () => {
    const task = await taskOf(100);
    await db.transaction((tx) => hold.place(tx, task, 30, 'ai_video'));
    expect(await goldOf(task.userId)).toBe(70);
    expect(await hold.find(db, task)).toMatchObject({ status: 'held', amount: 30, refId: String(task.id) });

    expect(await db.transaction((tx) => hold.capture(tx, task))).toBe(true);
    expect(await hold.capture(db, task)).toBe(false);
    expect(await db.transaction((tx) => hold.release(tx, task))).toBe(false);
    expect(await goldOf(task.userId)).toBe(70);
    expect((await hold.find(db, task))?.status).toBe('captured');
    expect(await ledgerOf(task.userId)).toEqual([
      [-30, 'ai_video', 'article_to_video', String(task.id)],
      [0, 'ai_video_captured', 'article_to_video', String(task.id)],
    ]);
  });

  it('place then release: the gold comes back; released twice it comes back once; a capture after it does nothing', async () => {
    const task = await taskOf(100);
    await hold.place(db, task, 40, 'ai_video');
    expect(await goldOf(task.userId)).toBe(60);

    expect(await db.transaction((tx) => hold.release(tx, task))).toBe(true);
    expect(await db.transaction((tx) => hold.release(tx, task))).toBe(false);
    expect(await goldOf(task.userId)).toBe(100);
    expect(await hold.capture(db, task)).toBe(false);
    expect(await goldOf(task.userId)).toBe(100);
    expect(await hold.find(db, task)).toMatchObject({ status: 'released', amount: 40 });
    expect(await ledgerOf(task.userId)).toEqual([
      [-40, 'ai_video', 'article_to_video', String(task.id)],
      [40, 'ai_video_released', 'article_to_video', String(task.id)],
    ]);
  });

  it('a later round of the same task holds under its own key, leaving the first round’s hold alone', async () => {
    const first = await taskOf(100);
    const again = { ...first, round: 1 };
    await hold.place(db, first, 20, 'ai_video');
    await hold.capture(db, first);
    await hold.place(db, again, 25, 'ai_video');
    expect(hold.ref(again)).toEqual({ tenantId, refType: 'article_to_video', refId: `${first.id}.1` });
    expect(await db.transaction((tx) => hold.release(tx, again))).toBe(true);
    expect((await hold.find(db, first))?.status).toBe('captured');
    expect((await hold.find(db, again))?.status).toBe('released');
    expect(await goldOf(first.userId)).toBe(80);
  });

  it('a free task holds nothing, and ending it moves nothing', async () => {
    const task = await taskOf(10);
    await hold.place(db, task, 0, 'ai_video');
    expect(await hold.find(db, task)).toBeUndefined();
    expect(await db.transaction((tx) => hold.release(tx, task))).toBe(false);
    expect(await hold.capture(db, task)).toBe(false);
    expect(await goldOf(task.userId)).toBe(10);
    expect(await ledgerOf(task.userId)).toEqual([]);
  });

  it('a place the balance cannot cover throws insufficient_gold and holds nothing', async () => {
    const task = await taskOf(10);
    await expect(hold.place(db, task, 11, 'ai_video')).rejects.toMatchObject({ id: 'insufficient_gold' });
    expect(await hold.find(db, task)).toBeUndefined();
    expect(await goldOf(task.userId)).toBe(10);
  });

  it('giveBack releases in a transaction of its own with the module’s change, once; returned says how much', async () => {
    const released: number[] = [];
    const withCost = createTaskHold({
      refType: 'tts',
      holds: createGoldHolds(clock),
      onRelease: async (_tx, task) => {
        released.push(task.id);
      },
    });
    const task = await taskOf(100);
    await withCost.place(db, task, 35, 'ai_dubbing');
    expect(await withCost.returned(db, task)).toBe(0);
    expect(await withCost.giveBack(db, { ...task, cost: 35 })).toBe(true);
    expect(await withCost.giveBack(db, { ...task, cost: 35 })).toBe(false);
    expect(await db.transaction((tx) => withCost.release(tx, task))).toBe(false);
    expect(released).toEqual([task.id]);
    expect(await withCost.returned(db, task)).toBe(35);
    expect(await goldOf(task.userId)).toBe(100);
    // A task whose cost is already 0 (given back before) is not looked up again.
    const free = await taskOf(10);
    expect(await withCost.giveBack(db, { ...free, cost: 0 })).toBe(false);
  });

  it('the module’s change rolls back with a failed release: the gold stays held', async () => {
    const failing = createTaskHold({
      refType: 'ai_draw',
      holds: createGoldHolds(clock),
      onRelease: async () => {
        throw new Error('cost column gone');
      },
    });
    const task = await taskOf(50);
    await failing.place(db, task, 20, 'ai_draw');
    await expect(failing.giveBack(db, { ...task, cost: 20 })).rejects.toThrow('cost column gone');
    expect((await failing.find(db, task))?.status).toBe('held');
    expect(await goldOf(task.userId)).toBe(30);
  });
});
