import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { JobState } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { afterCursor, keysetPage, mapKeysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import { videoTasks, type VideoTaskRow } from './video.table.js';

/** A task with the state, stage and progress of its job. */
export interface VideoTaskView extends VideoTaskRow {
  state: JobState;
  progress: number;
  stage: string | null;
  jobError: string | null;
}

const withJob = {
  task: videoTasks,
  state: jobs.state,
  progress: jobs.progress,
  stage: jobs.stage,
  jobError: jobs.error,
};

const toView = (row: {
  task: VideoTaskRow;
  state: string | null;
  progress: number | null;
  stage: string | null;
  jobError: string | null;
}): VideoTaskView => ({
  ...row.task,
  state: (row.state ?? 'queued') as JobState,
  progress: row.progress ?? 0,
  stage: row.stage,
  jobError: row.jobError,
});

/** A task's stored files, with what locates them (the sweeps and the move to private storage read these). */
const storedFiles = {
  id: videoTasks.id,
  tenantId: videoTasks.tenantId,
  videoKey: videoTasks.videoKey,
  coverKey: videoTasks.coverKey,
};

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

const owned = (tenantId: number, userId: number) =>
  and(eq(videoTasks.tenantId, tenantId), eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt));

export const createVideoRepository = (db: DbOrTx) => ({
  /** A file this user uploaded (their own music for a video). */
  async insert(values: typeof videoTasks.$inferInsert): Promise<VideoTaskRow> {
    const [row] = await db.insert(videoTasks).values(values).returning();
    return row!;
  },

  async get(id: number): Promise<VideoTaskRow | undefined> {
    const [row] = await db.select().from(videoTasks).where(eq(videoTasks.id, id)).limit(1);
    return row;
  },

  async findByJob(jobId: number): Promise<VideoTaskRow | undefined> {
    const [row] = await db.select().from(videoTasks).where(eq(videoTasks.jobId, jobId)).limit(1);
    return row;
  },

  async findOwned(tenantId: number, userId: number, id: number): Promise<VideoTaskView | undefined> {
    const [row] = await db
      .select(withJob)
      .from(videoTasks)
      .leftJoin(jobs, eq(jobs.id, videoTasks.jobId))
      .where(and(owned(tenantId, userId), eq(videoTasks.id, id)))
      .limit(1);
    return row ? toView(row) : undefined;
  },

  async page(tenantId: number, userId: number, page: KeysetQuery) {
    // video_task_owner_time_idx: (tenant, user, created_at DESC, id DESC) where not deleted.
    const found = await keysetPage(
      page,
      db
        .select(withJob)
        .from(videoTasks)
        .leftJoin(jobs, eq(jobs.id, videoTasks.jobId))
        .where(
          and(
            owned(tenantId, userId),
            page.cursor
              ? afterCursor(videoTasks, [videoTasks.createdAt], videoTasks.id, page.cursor)
              : undefined,
          ),
        )
        .orderBy(desc(videoTasks.createdAt), desc(videoTasks.id)),
      (row) => row.task.id,
    );
    return mapKeysetPage(found, (rows) => rows.map(toView));
  },

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

  /** Records the made files (only on a live task: a deleted one stays deleted). Answers whether it did. */
  async complete(
    id: number,
    values: Pick<
      VideoTaskRow,
      | 'videoKey'
      | 'coverKey'
      | 'duration'
      | 'engine'
      | 'offline'
      | 'cues'
      | 'width'
      | 'height'
      | 'filesPrivate'
    >,
  ): Promise<boolean> {
    const rows = await db
      .update(videoTasks)
      .set({ ...values, errorStage: null, errorId: null })
      .where(and(eq(videoTasks.id, id), isNull(videoTasks.deletedAt)))
      .returning({ id: videoTasks.id });
    return rows.length > 0;
  },

  async recordFailure(id: number, stage: VideoTaskRow['errorStage'], errorId: string) {
    await db.update(videoTasks).set({ errorStage: stage, errorId }).where(eq(videoTasks.id, id));
  },

  async setCost(id: number, cost: number) {
    await db.update(videoTasks).set({ cost }).where(eq(videoTasks.id, id));
  },

  async softDelete(id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(videoTasks)
      .set({ deletedAt: at })
      .where(and(eq(videoTasks.id, id), isNull(videoTasks.deletedAt)))
      .returning({ id: videoTasks.id });
    return rows.length > 0;
  },

  /** Tasks whose files are due for deletion (expired or deleted, files still stored), oldest first. */
  async dueForExpiry(now: Date, limit: number) {
    return db
      .select({ id: videoTasks.id, videoKey: videoTasks.videoKey, coverKey: videoTasks.coverKey })
      .from(videoTasks)
      .where(and(lte(videoTasks.expireAt, now), isNull(videoTasks.expiredAt)))
      .orderBy(asc(videoTasks.expireAt))
      .limit(limit);
  },

  /** Deleted tasks whose files are still stored. */
  async deletedWithFiles(limit: number) {
    return db
      .select(storedFiles)
      .from(videoTasks)
      .where(and(isNotNull(videoTasks.deletedAt), isNotNull(videoTasks.videoKey)))
      .limit(limit);
  },

  /** Tasks whose files are still public (made before videos were private), oldest first. */
  async withPublicFiles(limit: number) {
    return db
      .select(storedFiles)
      .from(videoTasks)
      .where(and(eq(videoTasks.filesPrivate, false), isNotNull(videoTasks.videoKey)))
      .orderBy(asc(videoTasks.id))
      .limit(limit);
  },

  /** The files now live privately (only while they are still the task's: a sweep may have removed them). */
  async markFilesPrivate(id: number, videoKey: string) {
    await db
      .update(videoTasks)
      .set({ filesPrivate: true })
      .where(and(eq(videoTasks.id, id), eq(videoTasks.videoKey, videoKey)));
  },

  /** The files are gone: the task stays listed, without them. */
  async markFilesGone(id: number, expired: Date | null) {
    await db
      .update(videoTasks)
      .set({ videoKey: null, coverKey: null, ...(expired ? { expiredAt: expired } : {}) })
      .where(eq(videoTasks.id, id));
  },
});
export type VideoRepository = ReturnType<typeof createVideoRepository>;
