import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { flattenView, selectViews, type DrawTaskRow, type DrawTaskView } from './drawing-task-view.js';
import { drawTasks } from './drawing.table.js';

/** SQL of tasks whose end no process saw: a job that ended badly unsettled, or no job linked at all. */
export const createDrawingQueueRepository = (db: DbOrTx) => ({
  /** Tasks whose job ended badly while the task row still waits (the process died before settling them). */
  async unsettled(tenantId: number, userId: number): Promise<DrawTaskView[]> {
    const rows = await selectViews(
      db,
      null,
      and(
        eq(drawTasks.tenantId, tenantId),
        eq(drawTasks.userId, userId),
        eq(drawTasks.status, 'queued'),
        inArray(jobs.state, ['failed', 'canceled']),
      ),
    );
    return rows.map(flattenView);
  },

  /** How many of the user's tasks accepted since `since` have no job yet (the task limit counts them). */
  async unqueuedSince(tx: DbOrTx, tenantId: number, userId: number, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(drawTasks)
      .where(
        and(
          eq(drawTasks.tenantId, tenantId),
          eq(drawTasks.userId, userId),
          sql`${drawTasks.createdAt} > ${since.toISOString()}::timestamptz`,
          eq(drawTasks.status, 'queued'),
          isNull(drawTasks.jobId),
        ),
      );
    return row?.n ?? 0;
  },

  /** Tasks accepted before `before` that never got a job linked (their process died in between). */
  async unqueued(before: Date, limit: number): Promise<DrawTaskRow[]> {
    return db
      .select()
      .from(drawTasks)
      .where(and(eq(drawTasks.status, 'queued'), isNull(drawTasks.jobId), lt(drawTasks.createdAt, before)))
      .orderBy(asc(drawTasks.id))
      .limit(limit);
  },
});
