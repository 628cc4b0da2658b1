import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { SessionService } from '../../platform/auth/session.service.js';
import { actorFor, type Actor } from '../../platform/identity/actor.js';
import type { OrderService } from '../commerce/index.js';
import type { AccountDeletionRepositories } from './account-deletion.repository.js';

/** How many due accounts one run anonymises; the next run takes the rest. */
export const DELETION_SWEEP_BATCH = 50;
/** An account whose order was being paid at its due time is looked at again this much later. */
export const DELETION_RETRY_MS = 3600_000;

export interface DeletionSweepDeps {
  store: AccountDeletionRepositories;
  clock: Clock;
  sessions: SessionService;
  orders: Pick<OrderService, 'beingPaid'>;
  /** The users module's anonymisation, inside this sweep's transaction. */
  anonymiseInTx: (tx: Tx, user: Actor, now: Date) => Promise<boolean>;
}

/**
 * After the cooling-off period: each due account is anonymised in its own transaction with its audit row
 * (the system as operator). Idempotent and crash-safe: an account is taken only while still live and due, under
 * its row lock, so a rerun, a second process or a crash before the commit leaves nothing half done. One whose
 * order is being paid waits (retried an hour later).
 */
export const createDeletionSweep = ({ store, clock, sessions, orders, anonymiseInTx }: DeletionSweepDeps) => {
  const deleteOne = async (user: Actor, now: Date) => {
    const { tenantId, uid } = user;
    await orders.beingPaid(user); // an overdue order expires first (its own transaction)
    return store.transaction(async ({ deletions }, tx) => {
      const due = await deletions.lockDue(tenantId, uid, now);
      if (!due?.deletionDueAt) return 'gone' as const;
      if ((await orders.beingPaid(user, tx)).length) {
        await deletions.postpone(tenantId, uid, new Date(now.getTime() + DELETION_RETRY_MS));
        return 'waiting' as const;
      }
      if (!(await anonymiseInTx(tx, user, now))) return 'gone' as const;
      await writeAudit(tx, actorFor(tenantId, 0), {
        action: 'account.delete',
        targetType: 'user',
        targetId: uid,
        before: { dueAt: due.deletionDueAt.toISOString() },
      });
      return 'deleted' as const;
    });
  };

  return {
    /** Anonymises the accounts due by now; answers how many were deleted and how many wait for an order. */
    async sweepDue(): Promise<{ deleted: number; waiting: number }> {
      const now = clock.now();
      const tally = { deleted: 0, waiting: 0 };
      for (const { tenantId, id } of await store.repos.deletions.due(now, DELETION_SWEEP_BATCH)) {
        const outcome = await deleteOne(actorFor(tenantId, id), now);
        if (outcome === 'gone') continue;
        tally[outcome] += 1;
        // Sessions started by logins during the cooling-off period end with the account.
        if (outcome === 'deleted') await sessions.revokeAllForUser(id);
      }
      return tally;
    },
  };
};
export type DeletionSweep = ReturnType<typeof createDeletionSweep>;
