import { and, desc, eq, isNull } from 'drizzle-orm';
import type { JobState } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { afterCursor, keysetPage, mapKeysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import { createStoryboardRepository } from './storyboard.repository.js';
import { createVideoFilesRepository } from './video-files.repository.js';
import { createVideoQueueRepository } from './video-queue.repository.js';
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

const owned = (tenantId: number, userId: number) =>
  and(eq(videoTasks.tenantId, tenantId), eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt));

/** SQL of video tasks: a task and its job's state, the owner's list, results; the queue's and the files' parts. */
export const createVideoRepository = (db: DbOrTx) => ({
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

  /** The payload a task's render job was given (a task made by `add` keeps it nowhere else). */
  async jobPayload(jobId: number): Promise<unknown> {
    const [row] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
    return row?.payload ?? null;
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

  ...createVideoQueueRepository(db),
  ...createVideoFilesRepository(db),
});
export type VideoRepository = ReturnType<typeof createVideoRepository>;

/**
 * AI video's repositories, made once per module (over the pool, or a transaction's): the tasks, the storyboards'
 * scenes, and the users whose rows a batch locks to check its gold.
 */
export const createVideoRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    videos: createVideoRepository(executor),
    storyboards: createStoryboardRepository(executor),
    users: createUsersRepository(executor),
  }));
export type VideoRepositories = ReturnType<typeof createVideoRepositories>;
