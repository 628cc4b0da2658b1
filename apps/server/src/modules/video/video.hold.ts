import type { Db, Tx } from '../../platform/db/client.js';
import { createTaskHold, type GoldHoldsPort } from '../../platform/wallet/task-hold.js';
import type { VideoRepositories } from './video.repository.js';

/** What a video's gold hold is filed under in the wallet (the ledger's refType). */
export const VIDEO_HOLD_TYPE = 'article_to_video';

/**
 * One render of a task: a storyboard rendered again holds its gold anew under its round, so a re-render is
 * charged, refunded and captured on its own, leaving the earlier render's captured hold alone.
 */
interface Render {
  tenantId: number;
  id: number;
  renderRound: number;
}

/**
 * A video render's gold from accept to end, for the service (accept, delete, settle) and the render job
 * (capture with the stored video, the failure notice's refund). A release sets the task's cost to 0 with it.
 */
export const createVideoHold = ({
  db,
  store,
  holds,
}: {
  db: Db;
  store: VideoRepositories;
  holds: GoldHoldsPort;
}) => {
  const hold = createTaskHold({
    refType: VIDEO_HOLD_TYPE,
    holds,
    // Releases run only in a transaction: the caller's (`release` takes a Tx) or `giveBack`'s own.
    onRelease: (tx, task) => store.within(tx).videos.setCost(task.id, 0),
  });
  const heldAs = (task: Render) => ({ tenantId: task.tenantId, id: task.id, round: task.renderRound });
  return {
    /** Holds a render's gold (spec §9 per word), in the transaction that accepts it. */
    place: (tx: Tx, task: Render & { userId: number }, gold: number) =>
      hold.place(tx, { ...heldAs(task), userId: task.userId }, gold, 'ai_video'),
    /** Spends it, in the transaction that stores the video (a second run of the job cannot charge twice). */
    capture: (tx: Tx, task: Render) => hold.capture(tx, heldAs(task)),
    /** Gives it back in the caller's transaction; true when this call did. */
    release: (tx: Tx, task: Render) => hold.release(tx, heldAs(task)),
    /** Gives the gold of a render that ended without success back (idempotent: the hold moves once). */
    giveBack: (task: Render & { cost: number }) => hold.giveBack(db, { ...heldAs(task), cost: task.cost }),
    /** How much a failed render gave back (its cost is 0 by then: the hold itself says). */
    returned: (task: Render) => hold.returned(db, heldAs(task)),
  };
};
export type VideoHold = ReturnType<typeof createVideoHold>;
