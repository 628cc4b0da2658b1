import type { HoldReason, LedgerReason } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { DbOrTx } from '../db/client.js';
import { users } from '../identity/identity.table.js';
import { assertLedgerReason, changeBalance } from './balance.js';
import { goldHolds, ledger } from './wallet.table.js';

/** The task a hold pays for: one hold per (tenant, refType, refId). */
export interface HoldRef {
  tenantId: number;
  /** What kind of task holds the gold (`ai_draw`, `tts` …): the ledger's refType too. */
  refType: string;
  refId: string;
}

export interface ReserveInput extends HoldRef {
  userId: number;
  /** Gold to set aside, a positive integer. */
  amount: number;
  /** Ledger reason of the debit (and of the later capture or release rows). */
  reason: HoldReason;
  /** When the task was accepted, from the caller's clock. */
  at: Date;
}

export type GoldHold = typeof goldHolds.$inferSelect;

export interface Reserved {
  hold: GoldHold;
  /** False when the task already had its hold (a retried accept): nothing was taken again. */
  created: boolean;
}

const byRef = (ref: HoldRef) =>
  and(
    eq(goldHolds.tenantId, ref.tenantId),
    eq(goldHolds.refType, ref.refType),
    eq(goldHolds.refId, ref.refId),
  );

export const findHold = async (db: DbOrTx, ref: HoldRef): Promise<GoldHold | undefined> => {
  const [hold] = await db.select().from(goldHolds).where(byRef(ref)).limit(1);
  return hold;
};

/**
 * Takes `amount` gold from the balance for a task being accepted (ledger row with a negative amount).
 * Throws insufficient_gold (409) when the balance cannot cover it; then nothing is held. Reserving a task
 * that already has a hold returns that hold and takes nothing. Runs in a transaction of its own, nested as
 * a savepoint when the caller passes its transaction (so the task row and the hold commit together).
 */
const reserveGold = (db: DbOrTx, input: ReserveInput): Promise<Reserved> => {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error('hold amount must be a positive integer');
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .insert(goldHolds)
      .values({
        tenantId: input.tenantId,
        userId: input.userId,
        amount: input.amount,
        reason: input.reason,
        refType: input.refType,
        refId: input.refId,
        createdAt: input.at,
      })
      .onConflictDoNothing()
      .returning();
    if (!hold) {
      const existing = await findHold(tx, input);
      if (!existing) throw new Error('gold hold vanished during reserve');
      return { hold: existing, created: false };
    }
    await changeBalance(tx, {
      tenantId: input.tenantId,
      userId: input.userId,
      currency: 'gold',
      amount: -input.amount,
      reason: input.reason,
      refType: input.refType,
      refId: input.refId,
      at: input.at,
    });
    return { hold, created: true };
  });
};

/** Moves a held hold to `status`; undefined when it was not held any more (already settled or unknown). */
const settle = async (tx: DbOrTx, ref: HoldRef, status: 'captured' | 'released', at: Date) => {
  const [hold] = await tx
    .update(goldHolds)
    .set({ status, settledAt: at })
    .where(and(byRef(ref), eq(goldHolds.status, 'held')))
    .returning();
  return hold;
};

/**
 * The task succeeded: the held gold is spent for good. Writes a ledger row of amount 0 that records the
 * capture. True when this call captured it; false when it was already captured or released (nothing changes).
 */
const captureGold = (db: DbOrTx, ref: HoldRef, at: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const hold = await settle(tx, ref, 'captured', at);
    if (!hold) return false;
    assertLedgerReason(`${hold.reason}_captured`);
    const [user] = await tx
      .select({ gold: users.gold })
      .from(users)
      .where(and(eq(users.id, hold.userId), eq(users.tenantId, hold.tenantId)));
    await tx.insert(ledger).values({
      tenantId: hold.tenantId,
      userId: hold.userId,
      currency: 'gold',
      amount: 0,
      balanceAfter: user?.gold ?? 0,
      reason: `${hold.reason}_captured` as LedgerReason,
      refType: hold.refType,
      refId: hold.refId,
      createdAt: at,
    });
    return true;
  });

/**
 * The task failed, was canceled or timed out: the held gold goes back to the balance (ledger row with a
 * positive amount). True when this call released it; false when it was already captured or released.
 */
const releaseGold = (db: DbOrTx, ref: HoldRef, at: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const hold = await settle(tx, ref, 'released', at);
    if (!hold) return false;
    await changeBalance(tx, {
      tenantId: hold.tenantId,
      userId: hold.userId,
      currency: 'gold',
      amount: hold.amount,
      reason: `${hold.reason}_released` as LedgerReason,
      refType: hold.refType,
      refId: hold.refId,
      at,
    });
    return true;
  });

/** The hold API with the time taken from `clock` (the injected clock), as the AI task modules use it. */
export const createGoldHolds = (clock: Clock) => ({
  reserve: (db: DbOrTx, input: Omit<ReserveInput, 'at'>) => reserveGold(db, { ...input, at: clock.now() }),
  capture: (db: DbOrTx, ref: HoldRef) => captureGold(db, ref, clock.now()),
  release: (db: DbOrTx, ref: HoldRef) => releaseGold(db, ref, clock.now()),
});
