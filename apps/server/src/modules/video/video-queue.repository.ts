import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { videoTasks, type VideoTaskRow } from './video.table.js';

/** When a task was handed to the job runner: a batch's waiting video when it left the queue, any other when accepted. */
const acceptedAt = sql`coalesce(${videoTasks.queuedAt}, ${videoTasks.createdAt})`;

/** A user's waiting batch videos (video_task_waiting_idx). */
const waitingOf = (tenantId: number, userId: number) =>
  and(
    eq(videoTasks.tenantId, tenantId),
    eq(videoTasks.userId, userId),
    eq(videoTasks.phase, 'waiting'),
    isNull(videoTasks.deletedAt),
  );

/** SQL of renders on their way to the job runner: tasks without a job yet, batch videos waiting, job links. */
export const createVideoQueueRepository = (db: DbOrTx) => ({
  /**
   * How many of the user's live tasks accepted since `since` have no job yet (the task limit counts them). A batch's
   * video counts from when it left the queue (`queuedAt`). Read through video_task_unqueued_idx (only tasks
   * without a job are in it).
   */
  async unqueuedSince(tenantId: number, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(videoTasks)
      .where(
        and(
          eq(videoTasks.tenantId, tenantId),
          eq(videoTasks.userId, userId),
          gt(acceptedAt, since),
          isNull(videoTasks.jobId),
          isNull(videoTasks.deletedAt),
          eq(videoTasks.phase, 'render'),
        ),
      );
    return row?.n ?? 0;
  },

  /** Live tasks accepted before `before` that never got a job linked (their process died in between). */
  async unqueued(before: Date, limit: number): Promise<VideoTaskRow[]> {
    // video_task_unqueued_idx (a storyboard still being edited has no job and is not one of these).
    return db
      .select()
      .from(videoTasks)
      .where(
        and(
          isNull(videoTasks.jobId),
          isNull(videoTasks.deletedAt),
          eq(videoTasks.phase, 'render'),
          lt(acceptedAt, before),
        ),
      )
      .orderBy(asc(videoTasks.id))
      .limit(limit);
  },

  /** How many batch videos of the user wait for a free place. */
  async waitingCount(tenantId: number, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(videoTasks).where(waitingOf(tenantId, userId));
    return row?.n ?? 0;
  },

  /**
   * Takes the user's `limit` oldest waiting videos out of the queue (phase `render`, `queuedAt` now): they are
   * enqueued next. Run it in the transaction that counted the user's free places (the user's row locked).
   */
  async claimWaiting(tenantId: number, userId: number, limit: number, now: Date): Promise<VideoTaskRow[]> {
    const next = await db
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(waitingOf(tenantId, userId))
      .orderBy(asc(videoTasks.id))
      .limit(limit);
    if (!next.length) return [];
    return db
      .update(videoTasks)
      .set({ phase: 'render', queuedAt: now })
      .where(
        and(
          inArray(
            videoTasks.id,
            next.map((t) => t.id),
          ),
          eq(videoTasks.phase, 'waiting'),
        ),
      )
      .returning();
  },

  /** A batch video whose job could not be enqueued goes back to waiting (it keeps its place and its gold). */
  async backToWaiting(id: number) {
    await db
      .update(videoTasks)
      .set({ phase: 'waiting', queuedAt: null })
      .where(and(eq(videoTasks.id, id), isNull(videoTasks.jobId), eq(videoTasks.phase, 'render')));
  },

  /** Users with waiting batch videos (the sweep starts them when places are free). */
  async usersWithWaiting(limit: number): Promise<{ tenantId: number; userId: number }[]> {
    return db
      .selectDistinct({ tenantId: videoTasks.tenantId, userId: videoTasks.userId })
      .from(videoTasks)
      .where(and(eq(videoTasks.phase, 'waiting'), isNull(videoTasks.deletedAt)))
      .limit(limit);
  },

  /** Marks the tasks of one batch (the id of its first task). */
  async setBatch(ids: number[], batchId: number) {
    await db.update(videoTasks).set({ batchId }).where(inArray(videoTasks.id, ids));
  },

  /** The render round a render job was queued for (0 for a task's first render). */
  async jobRound(jobId: number): Promise<number> {
    const [row] = await db
      .select({ round: sql<string | null>`${jobs.payload}->>'round'` })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .limit(1);
    return Number(row?.round ?? 0);
  },

  /** A re-render that never got queued: the storyboard is editable again, with its last render's job. */
  async backToStoryboard(id: number, jobId: number | null) {
    await db.update(videoTasks).set({ phase: 'storyboard', jobId, cost: 0 }).where(eq(videoTasks.id, id));
  },

  async attachJob(id: number, jobId: number) {
    await db.update(videoTasks).set({ jobId }).where(eq(videoTasks.id, id));
  },
});
