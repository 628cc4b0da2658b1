import { and, asc, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { JobState, KeysetPaged } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { afterCursor, keysetPage, mapKeysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { createReadingFixRepository } from './reading-fix.repository.js';
import { voiceTasks, type VoiceTaskRow } from './voice.table.js';

export type VoiceTaskKind = 'tts' | 'asr';

/** A task with the state of its job. */
export interface VoiceTaskView extends VoiceTaskRow {
  state: JobState;
  progress: number;
  jobError: string | null;
}

const withJob = {
  task: voiceTasks,
  state: jobs.state,
  progress: jobs.progress,
  jobError: jobs.error,
};

const toView = (row: {
  task: VoiceTaskRow;
  state: string | null;
  progress: number | null;
  jobError: string | null;
}) => ({
  ...row.task,
  state: (row.state ?? 'queued') as JobState,
  progress: row.progress ?? 0,
  jobError: row.jobError,
});

const owned = (tenantId: number, userId: number, kind: VoiceTaskKind) =>
  and(
    eq(voiceTasks.tenantId, tenantId),
    eq(voiceTasks.userId, userId),
    eq(voiceTasks.kind, kind),
    isNull(voiceTasks.deletedAt),
  );

export const createVoiceRepository = (db: DbOrTx) => {
  /** Changes a task that is not deleted; false when it is gone. */
  const updateLive = async (id: number, values: Partial<VoiceTaskRow>): Promise<boolean> => {
    const rows = await db
      .update(voiceTasks)
      .set(values)
      .where(and(eq(voiceTasks.id, id), isNull(voiceTasks.deletedAt)))
      .returning({ id: voiceTasks.id });
    return rows.length > 0;
  };
  return {
    async insert(values: typeof voiceTasks.$inferInsert): Promise<VoiceTaskRow> {
      const [row] = await db.insert(voiceTasks).values(values).returning();
      return row!;
    },

    async findByJob(jobId: number): Promise<VoiceTaskRow | undefined> {
      const [row] = await db.select().from(voiceTasks).where(eq(voiceTasks.jobId, jobId)).limit(1);
      return row;
    },

    /** How many of the user's live tasks of a kind accepted since `since` have no job yet (the task limit counts them). */
    async unqueuedSince(tenantId: number, userId: number, kind: VoiceTaskKind, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(voiceTasks)
        .where(and(owned(tenantId, userId, kind), gt(voiceTasks.createdAt, since), isNull(voiceTasks.jobId)));
      return row?.n ?? 0;
    },

    /** Live tasks accepted before `before` that never got a job linked (their process died in between). */
    async unqueued(before: Date, limit: number): Promise<VoiceTaskRow[]> {
      return db
        .select()
        .from(voiceTasks)
        .where(and(isNull(voiceTasks.jobId), isNull(voiceTasks.deletedAt), lt(voiceTasks.createdAt, before)))
        .orderBy(asc(voiceTasks.id))
        .limit(limit);
    },

    /** Whether a live task still works on this uploaded file. */
    async inputInUse(inputKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: voiceTasks.id })
        .from(voiceTasks)
        .where(and(eq(voiceTasks.inputKey, inputKey), isNull(voiceTasks.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    async attachJob(id: number, jobId: number) {
      await db.update(voiceTasks).set({ jobId }).where(eq(voiceTasks.id, id));
    },

    async get(id: number): Promise<VoiceTaskRow | undefined> {
      const [row] = await db.select().from(voiceTasks).where(eq(voiceTasks.id, id)).limit(1);
      return row;
    },

    async findOwned(
      tenantId: number,
      userId: number,
      kind: VoiceTaskKind,
      id: number,
    ): Promise<VoiceTaskView | undefined> {
      const [row] = await db
        .select(withJob)
        .from(voiceTasks)
        .leftJoin(jobs, eq(jobs.id, voiceTasks.jobId))
        .where(and(owned(tenantId, userId, kind), eq(voiceTasks.id, id)))
        .limit(1);
      return row && toView(row);
    },

    /** My tasks of one kind, newest first, with their jobs' states. */
    async page(
      tenantId: number,
      userId: number,
      kind: VoiceTaskKind,
      query: KeysetQuery,
    ): Promise<KeysetPaged<VoiceTaskView>> {
      // voice_task_owner_time_idx: (tenant, user, kind, created_at DESC, id DESC) where not deleted.
      const where = and(
        owned(tenantId, userId, kind),
        query.cursor
          ? afterCursor(voiceTasks, [voiceTasks.createdAt], voiceTasks.id, query.cursor)
          : undefined,
      );
      const page = await keysetPage(
        query,
        db
          .select(withJob)
          .from(voiceTasks)
          .leftJoin(jobs, eq(jobs.id, voiceTasks.jobId))
          .where(where)
          .orderBy(desc(voiceTasks.createdAt), desc(voiceTasks.id)),
        (row) => row.task.id,
      );
      return mapKeysetPage(page, (rows) => rows.map(toView));
    },

    /** Stores what a finished job made; false when the task was deleted meanwhile. */
    complete: (
      id: number,
      values: Pick<VoiceTaskRow, 'outputKey' | 'duration' | 'engine' | 'offline' | 'segments' | 'srt'> &
        Partial<Pick<VoiceTaskRow, 'spoken'>>,
    ): Promise<boolean> => updateLive(id, values),

    async setCost(id: number, cost: number) {
      await db.update(voiceTasks).set({ cost }).where(eq(voiceTasks.id, id));
    },

    /** New cues of a finished task (its edited subtitles, timed again from its speech); false when it is gone. */
    setCues: (id: number, values: Pick<VoiceTaskRow, 'segments' | 'srt'>): Promise<boolean> =>
      updateLive(id, values),

    /** Marks a task deleted; false when it was not there (or already deleted). */
    softDelete: (id: number, at: Date): Promise<boolean> => updateLive(id, { deletedAt: at }),
  };
};
export type VoiceRepository = ReturnType<typeof createVoiceRepository>;

/** Voice's repositories, made once per module (over the pool, or a transaction's): its tasks and reading fixes. */
export const createVoiceRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    voice: createVoiceRepository(executor),
    readingFixes: createReadingFixRepository(executor),
  }));
export type VoiceRepositories = ReturnType<typeof createVoiceRepositories>;
