import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/identity/identity.table.js';

/** Failed password log-ins of an account and its lock: each change one conditional statement. */
export const createLoginLockRepository = (db: DbOrTx) => {
  const notLocked = (now: Date) => or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
  return {
    /** Takes one attempt while the account is unlocked and under `max`; the attempts taken, or undefined. */
    async takeAttempt(userId: number, now: Date, max: number): Promise<number | undefined> {
      const [attempt] = await db
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(and(eq(users.id, userId), notLocked(now), lt(users.failedLoginCount, max)))
        .returning({ taken: users.failedLoginCount });
      return attempt?.taken;
    },

    /** Locks the account until `until` unless it is locked already; false when another attempt locked it first. */
    async lock(userId: number, now: Date, until: Date): Promise<boolean> {
      const [locked] = await db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: until })
        .where(and(eq(users.id, userId), notLocked(now)))
        .returning({ until: users.lockedUntil });
      return !!locked;
    },

    async lockedUntil(userId: number): Promise<Date | null | undefined> {
      const [current] = await db.select({ until: users.lockedUntil }).from(users).where(eq(users.id, userId));
      return current?.until;
    },

    async clear(userId: number) {
      await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
    },
  };
};
