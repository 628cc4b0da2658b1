import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { waitingQueue } from '../../platform/db/sql.js';
import { feedbacks } from './help.table.js';

/** The console's queue: feedback waiting for a reply. */
export const feedbackQueue = (db: DbOrTx, tenantId: number) =>
  waitingQueue(
    db,
    feedbacks,
    and(eq(feedbacks.tenantId, tenantId), eq(feedbacks.status, 'pending')),
    feedbacks.createdAt,
  );
