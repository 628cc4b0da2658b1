import type { DbOrTx } from '../../platform/db/client.js';
import { createTaskHold, type GoldHoldsPort, type HeldTask } from '../../platform/wallet/task-hold.js';

/**
 * The gold holds of drawing, from accept to end: a drawing task's (refType `ai_draw`, the task's id) and an
 * upscale's (refType `ai_draw_upscale`, the version's id). Both are AI drawing spending in the ledger (reason
 * `ai_draw`). Ending a task marks it ended with its cost 0 in the same transaction (the repository's
 * `markEnded`), so the release itself changes nothing more.
 */
export const createDrawingHolds = (holds: GoldHoldsPort) => {
  const lifecycleOf = (refType: string) => {
    const hold = createTaskHold({ refType, holds });
    return {
      /** Holds the gold in the transaction that accepts the task (nothing for a free one). */
      place: (tx: DbOrTx, task: HeldTask & { userId: number }, cost: number) =>
        hold.place(tx, task, cost, 'ai_draw'),
      /** Spends it with the stored result, in the same transaction. */
      capture: hold.capture,
      /** Gives it back with the task's end, in the same transaction; true when this call did. */
      release: hold.release,
    };
  };
  return { task: lifecycleOf('ai_draw'), upscale: lifecycleOf('ai_draw_upscale') };
};
