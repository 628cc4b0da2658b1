import type { Db } from '../../platform/db/client.js';
import { createTaskHold, type GoldHoldsPort, type HeldTask } from '../../platform/wallet/task-hold.js';
import type { VoiceRepositories } from './voice.repository.js';

/**
 * A dubbing's or subtitle task's gold from accept to end, for the service (accept, delete, settle) and the jobs
 * (capture with the result, the failure notice's refund). Both kinds file it under refType `tts` (the ledger
 * reason tells them apart); a release sets the task's cost to 0 with it.
 */
export const createVoiceHold = ({
  db,
  store,
  holds,
}: {
  db: Db;
  store: VoiceRepositories;
  holds: GoldHoldsPort;
}) => {
  const hold = createTaskHold({
    refType: 'tts',
    holds,
    // A release runs in a transaction (the caller's, or giveBack's own): the cost changes with it.
    onRelease: (tx, task) => store.within(tx).voice.setCost(task.id, 0),
  });
  return {
    place: hold.place,
    capture: hold.capture,
    release: hold.release,
    /** Gives the gold of a task that ended without success back (idempotent: the hold moves once). */
    giveBack: (task: HeldTask & { cost: number }) => hold.giveBack(db, task),
    /** How much a failed task gave back (its cost is 0 by then: the hold itself says). */
    returned: (task: HeldTask) => hold.returned(db, task),
  };
};
export type VoiceHold = ReturnType<typeof createVoiceHold>;
