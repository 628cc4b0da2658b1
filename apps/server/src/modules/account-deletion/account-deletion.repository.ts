import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { users } from '../../platform/identity/identity.table.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';

const live = (tenantId: number, id: number) =>
  and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deletedAt));

/** A deletion's state on the user's row: requested, due, cancelled; the due ones for the sweep. */
const createDeletionQueries = (db: DbOrTx) => ({
  /** Starts the cooling-off period of a live user with none pending; false otherwise. */
  async schedule(tenantId: number, id: number, requestedAt: Date, dueAt: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ deletionRequestedAt: requestedAt, deletionDueAt: dueAt, updatedAt: requestedAt })
      .where(and(live(tenantId, id), isNull(users.deletionDueAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },
  /** Ends a pending deletion: the account is as it was; false when none was pending. */
  async cancel(tenantId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ deletionRequestedAt: null, deletionDueAt: null, updatedAt: now })
      .where(and(live(tenantId, id), isNotNull(users.deletionDueAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },
  /** Live accounts whose cooling-off period is over, soonest first (app_user_deletion_due_idx). */
  due(now: Date, limit: number): Promise<{ tenantId: number; id: number }[]> {
    return db
      .select({ tenantId: users.tenantId, id: users.id })
      .from(users)
      .where(and(isNotNull(users.deletionDueAt), isNull(users.deletedAt), lte(users.deletionDueAt, now)))
      .orderBy(asc(users.deletionDueAt))
      .limit(limit);
  },
  /** The row of a user still due at `now`, locked for the rest of the transaction. */
  async lockDue(tenantId: number, id: number, now: Date) {
    const [row] = await db
      .select({ id: users.id, deletionDueAt: users.deletionDueAt })
      .from(users)
      .where(and(live(tenantId, id), lte(users.deletionDueAt, now)))
      .for('update')
      .limit(1);
    return row;
  },
  /** Tries again later (an order was being paid at the due time). */
  async postpone(tenantId: number, id: number, until: Date) {
    await db.update(users).set({ deletionDueAt: until }).where(live(tenantId, id));
  },
});

/** The deletion module's repositories: the accounts (platform) and the deletion's state on them. */
export const createAccountDeletionRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    users: createUsersRepository(executor),
    deletions: createDeletionQueries(executor),
  }));
export type AccountDeletionRepositories = ReturnType<typeof createAccountDeletionRepositories>;
