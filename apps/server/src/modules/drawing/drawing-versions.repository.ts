import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { drawVersions, type StoredDrawImage } from './drawing.table.js';

export type DrawVersionRow = typeof drawVersions.$inferSelect;
/** A version with its job's live state. */
export interface DrawVersionView extends DrawVersionRow {
  jobState: string | null;
  jobProgress: number | null;
  jobError: string | null;
}

/** SQL of upscaled versions (高清放大); no rules. */
export const createDrawVersionsRepository = (db: DbOrTx) => ({
  async insert(tx: DbOrTx, values: typeof drawVersions.$inferInsert): Promise<DrawVersionRow> {
    const [row] = await tx.insert(drawVersions).values(values).returning();
    return row!;
  },

  async setJob(id: number, jobId: number, now: Date) {
    await db.update(drawVersions).set({ jobId, updatedAt: now }).where(eq(drawVersions.id, id));
  },

  async get(id: number): Promise<DrawVersionRow | undefined> {
    const [row] = await db.select().from(drawVersions).where(eq(drawVersions.id, id)).limit(1);
    return row;
  },

  async findByJob(jobId: number): Promise<DrawVersionRow | undefined> {
    const [row] = await db.select().from(drawVersions).where(eq(drawVersions.jobId, jobId)).limit(1);
    return row;
  },

  /** The versions of some tasks, newest first (a handful per task: ai_draw_version_task_idx). */
  async ofTasks(taskIds: number[]): Promise<DrawVersionView[]> {
    if (!taskIds.length) return [];
    const rows = await db
      .select({ version: drawVersions, jobState: jobs.state, jobProgress: jobs.progress, jobError: jobs.error })
      .from(drawVersions)
      .leftJoin(jobs, eq(jobs.id, drawVersions.jobId))
      .where(inArray(drawVersions.taskId, taskIds))
      .orderBy(desc(drawVersions.id))
      .limit(50 * taskIds.length);
    return rows.map(({ version, ...job }) => ({ ...version, ...job }));
  },

  /** The user's versions not ended yet, with their job's state (a few at most: ai_draw_version_queued_idx). */
  async unsettled(tenantId: number, userId: number): Promise<DrawVersionView[]> {
    const rows = await db
      .select({ version: drawVersions, jobState: jobs.state, jobProgress: jobs.progress, jobError: jobs.error })
      .from(drawVersions)
      .leftJoin(jobs, eq(jobs.id, drawVersions.jobId))
      .where(and(eq(drawVersions.tenantId, tenantId), eq(drawVersions.userId, userId), eq(drawVersions.status, 'queued')))
      .limit(20);
    return rows.map(({ version, ...job }) => ({ ...version, ...job }));
  },

  /** Versions accepted before `before` that never got a job linked (ai_draw_version_unqueued_idx). */
  async unqueued(before: Date, limit: number): Promise<DrawVersionRow[]> {
    return db
      .select()
      .from(drawVersions)
      .where(and(eq(drawVersions.status, 'queued'), isNull(drawVersions.jobId), lt(drawVersions.createdAt, before)))
      .orderBy(asc(drawVersions.id))
      .limit(limit);
  },

  /** Whether the user has an upscale queued or running (ai_draw_version_queued_idx). */
  async hasActive(tx: DbOrTx, tenantId: number, userId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: drawVersions.id, jobState: jobs.state })
      .from(drawVersions)
      .leftJoin(jobs, eq(jobs.id, drawVersions.jobId))
      .where(and(eq(drawVersions.tenantId, tenantId), eq(drawVersions.userId, userId), eq(drawVersions.status, 'queued')))
      .limit(5);
    // A version whose job ended badly but is not settled yet does not block the next one.
    return rows.some((row) => row.jobState !== 'failed' && row.jobState !== 'canceled');
  },

  /** Marks a running version succeeded with its picture; false when it ended meanwhile. */
  async markSucceeded(tx: DbOrTx, id: number, image: StoredDrawImage, now: Date): Promise<boolean> {
    const rows = await tx
      .update(drawVersions)
      .set({ status: 'succeeded', image, error: null, updatedAt: now })
      .where(and(eq(drawVersions.id, id), eq(drawVersions.status, 'queued')))
      .returning({ id: drawVersions.id });
    return rows.length > 0;
  },

  /** Ends a version that did not succeed, its cost given back; false when it had already ended. */
  async markEnded(tx: DbOrTx, id: number, status: 'failed' | 'canceled', error: string | null, now: Date) {
    const rows = await tx
      .update(drawVersions)
      .set({ status, error, cost: 0, updatedAt: now })
      .where(and(eq(drawVersions.id, id), eq(drawVersions.status, 'queued')))
      .returning({ id: drawVersions.id });
    return rows.length > 0;
  },
});
export type DrawVersionsRepository = ReturnType<typeof createDrawVersionsRepository>;
