import type { HoldReason } from '@app/contract';
import type { DbOrTx, Tx } from '../db/client.js';
import { findHold, type GoldHold, type HoldRef } from './holds.js';

/** The clock-bound hold API a task module is given (`createGoldHolds(clock)`). */
export interface GoldHoldsPort {
  reserve(
    db: DbOrTx,
    input: HoldRef & { userId: number; amount: number; reason: HoldReason },
  ): Promise<unknown>;
  /** True when this call spent the held gold (false: already spent or given back). */
  capture(db: DbOrTx, ref: HoldRef): Promise<boolean>;
  /** True when this call gave the held gold back (false: already spent or given back). */
  release(db: DbOrTx, ref: HoldRef): Promise<boolean>;
}

/** A task as its hold knows it: filed under its id, and its round when the task is run again under a new hold. */
export interface HeldTask {
  tenantId: number;
  id: number;
  /** 0 or absent: the task's first hold. */
  round?: number;
}

/**
 * The gold hold of one kind of paid task, from accept to end: `place` in the transaction that accepts the task,
 * `capture` in the transaction that stores its result, `release` (or `giveBack`) when it ends without success.
 * Each step moves the hold at most once (the wallet's conditional settle), so a retried job or a racing cancel
 * never charges or refunds twice; `returned` says how much a failed task gave back (its failure notice).
 */
export const createTaskHold = (options: {
  refType: string;
  holds: GoldHoldsPort;
  /** What the module changes with a release, in its transaction (its task's cost set to 0, say). */
  onRelease?: (tx: Tx, task: HeldTask) => Promise<void>;
}) => {
  const { refType, holds, onRelease } = options;
  /** The wallet's key of a task's hold: refType, and the task id (with `.round` for a later round). */
  const ref = (task: HeldTask): HoldRef => ({
    tenantId: task.tenantId,
    refType,
    refId: task.round ? `${task.id}.${task.round}` : String(task.id),
  });
  /** Gives the held gold back in the caller's transaction; true when this call did (then `onRelease` ran). */
  const release = async (tx: Tx, task: HeldTask): Promise<boolean> => {
    const released = await holds.release(tx, ref(task));
    if (released && onRelease) await onRelease(tx, task);
    return released;
  };
  return {
    ref,
    release,
    /** Sets `amount` gold aside (nothing for a free task); throws insufficient_gold when the balance is short. */
    async place(tx: DbOrTx, task: HeldTask & { userId: number }, amount: number, reason: HoldReason) {
      if (amount > 0) await holds.reserve(tx, { ...ref(task), userId: task.userId, amount, reason });
    },
    capture: (tx: DbOrTx, task: HeldTask): Promise<boolean> => holds.capture(tx, ref(task)),
    /** `release` in a transaction of its own, for a task that still costs something (false: nothing moved). */
    giveBack: async (db: DbOrTx, task: HeldTask & { cost: number }): Promise<boolean> =>
      task.cost > 0 && (await db.transaction((tx) => release(tx, task))),
    find: (db: DbOrTx, task: HeldTask): Promise<GoldHold | undefined> => findHold(db, ref(task)),
    /** The gold a task's release gave back: its hold's amount once released, else 0. */
    async returned(db: DbOrTx, task: HeldTask): Promise<number> {
      const hold = await findHold(db, ref(task));
      return hold?.status === 'released' ? hold.amount : 0;
    },
  };
};
export type TaskHold = ReturnType<typeof createTaskHold>;
