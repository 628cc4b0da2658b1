import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { realNames } from './real-name.table.js';

/** Removes a user's real-name submission and its encrypted ID number (account deletion). */
export const deleteRealName = async (tx: DbOrTx, userId: number): Promise<void> => {
  await tx.delete(realNames).where(eq(realNames.userId, userId));
};
