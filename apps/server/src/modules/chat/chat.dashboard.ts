import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { shanghaiDay } from '../../platform/db/sql.js';
import { chatMessages } from './chat.table.js';

/** Questions asked (the users' chat messages) per Asia/Shanghai day since `since` (the console's dashboard). */
export const dailyChatQuestions = (db: DbOrTx, tenantId: number, since: Date) => {
  const day = shanghaiDay(chatMessages.createdAt);
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tenantId, tenantId),
        eq(chatMessages.role, 'user'),
        gte(chatMessages.createdAt, since),
      ),
    )
    .groupBy(day);
};
