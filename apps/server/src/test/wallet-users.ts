import { DEFAULT_TENANT_ID } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/client.js';
import { users } from '../platform/identity/identity.table.js';
import { changeBalance } from '../platform/wallet/balance.js';

/**
 * Users for wallet tests: `userWith(gold)` makes a new user (phones from `firstPhone` on) credited through the
 * ledger, `goldOf` reads a balance. `db` is read at each call (the test app is built in beforeAll).
 */
export const walletUsers = (db: () => Db, clock: Clock, firstPhone: number) => {
  let phone = firstPhone;
  return {
    async userWith(gold: number) {
      const [user] = await db()
        .insert(users)
        .values({ tenantId: DEFAULT_TENANT_ID, phone: String((phone += 1)) })
        .returning({ id: users.id });
      await changeBalance(db(), {
        tenantId: DEFAULT_TENANT_ID,
        userId: user!.id,
        currency: 'gold',
        amount: gold,
        reason: 'operator_grant',
        at: clock.now(),
      });
      return user!.id;
    },
    goldOf: async (userId: number) =>
      (await db().select({ gold: users.gold }).from(users).where(eq(users.id, userId)))[0]!.gold,
  };
};
