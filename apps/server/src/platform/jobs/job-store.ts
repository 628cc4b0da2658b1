import { and, asc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { JobProgressPayload, JobState } from '@app/contract';
import type { Db } from '../db/client.js';
import { jobs, jobTurns } from './job.table.js';

export type JobRow = typeof jobs.$inferSelect;

/** A job as callers see it. */
export interface JobView {
  id: number;
  tenantId: number;
  userId: number | null;
  type: string;
  payload: unknown;
  state: JobState;
  progress: number;
  /** Higher runs first among due jobs. */
  priority: number;
  stage: string | null;
  attempts: number;
  maxAttempts: number;
  timeoutMs: number;
  result: unknown;
  error: string | null;
  runAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const toJobView = (row: JobRow): JobView => ({
  id: row.id,
  tenantId: row.tenantId,
  userId: row.userId,
  type: row.type,
  payload: row.payload,
  state: row.state as JobState,
  progress: row.progress,
  priority: row.priority,
  stage: row.stage,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  timeoutMs: row.timeoutMs,
  result: row.result ?? null,
  error: row.error,
  runAt: row.runAt,
  createdAt: row.createdAt,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
});

export const toProgressPayload = (job: JobView, now: Date): JobProgressPayload => ({
  jobId: job.id,
  type: job.type,
  state: job.state,
  progress: job.progress,
  stage: job.stage,
  attempts: job.attempts,
  error: job.error,
  result: job.state === 'succeeded' ? (job.result ?? null) : null,
  time: now.toISOString(),
});

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** SQL of the job table; every write by a worker is conditioned on it still holding the lease. */
export const createJobStore = (db: Db) => {
  const owned = (id: number, workerId: string) =>
    and(eq(jobs.id, id), eq(jobs.leaseOwner, workerId), eq(jobs.state, 'running'));
  const one = (rows: JobRow[]) => (rows[0] ? toJobView(rows[0]) : null);
  /** Takes the job `which` picks for this worker: running under a fresh lease, one more attempt counted. */
  const claim = async (which: SQL | undefined, workerId: string, now: Date, leaseMs: number) =>
    one(
      await db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          leaseOwner: workerId,
          leaseUntil: new Date(now.getTime() + leaseMs),
          startedAt: sql`coalesce(${jobs.startedAt}, ${ts(now)})`,
          error: null,
          updatedAt: now,
        })
        .where(which)
        .returning(),
    );

  return {
    async insert(values: {
      tenantId: number;
      userId: number | null;
      type: string;
      payload: unknown;
      maxAttempts: number;
      timeoutMs: number;
      priority: number;
      runAt: Date;
      now: Date;
    }): Promise<JobView> {
      const [row] = await db
        .insert(jobs)
        .values({
          tenantId: values.tenantId,
          userId: values.userId,
          type: values.type,
          payload: values.payload ?? null,
          maxAttempts: values.maxAttempts,
          timeoutMs: values.timeoutMs,
          priority: values.priority,
          runAt: values.runAt,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning();
      return toJobView(row!);
    },

    async get(id: number): Promise<JobView | null> {
      return one(await db.select().from(jobs).where(eq(jobs.id, id)).limit(1));
    },

    /**
     * Claims the next due job of the given types: a queued job whose time has come, or a running job whose
     * lease expired (its worker died). Fair across users: the owner whose job was claimed longest ago (or
     * never) goes first, so a newcomer waits behind at most one job of each other user; priority then orders
     * one user's jobs, and breaks ties between users at the same turn (members' first); then arrival.
     * One statement, `FOR UPDATE SKIP LOCKED`, so workers never collide; the owner's turn is recorded after.
     */
    async claimNext(
      types: string[],
      workerId: string,
      now: Date,
      leaseMs: number,
      /** Owners whose jobs this worker should not take now (they hold their share of its slots). */
      skipUsers: number[] = [],
    ): Promise<JobView | null> {
      if (!types.length) return null;
      const skip = skipUsers.length
        ? sql` AND (${jobs.userId} IS NULL OR ${jobs.userId} NOT IN (${sql.join(
            skipUsers.map((id) => sql`${id}`),
            sql`, `,
          )}))`
        : sql``;
      const due = sql`(SELECT ${jobs.id} FROM ${jobs} LEFT JOIN ${jobTurns} ON ${jobTurns.userId} = coalesce(${jobs.userId}, 0) WHERE ${inArray(jobs.type, types)} AND ((${jobs.state} = 'queued' AND ${jobs.runAt} <= ${ts(now)}) OR (${jobs.state} = 'running' AND ${jobs.leaseUntil} < ${ts(now)}))${skip} ORDER BY ${jobTurns.servedAt} ASC NULLS FIRST, ${jobs.priority} DESC, ${jobs.runAt}, ${jobs.id} LIMIT 1 FOR UPDATE OF ${jobs} SKIP LOCKED)`;
      const job = await claim(eq(jobs.id, due), workerId, now, leaseMs);
      if (job) {
        // clock_timestamp(), not the injected clock: turns order claims as they really happened.
        await db
          .insert(jobTurns)
          .values({ userId: job.userId ?? 0, servedAt: sql`clock_timestamp()` })
          .onConflictDoUpdate({ target: jobTurns.userId, set: { servedAt: sql`clock_timestamp()` } });
      }
      return job;
    },

    /**
     * Queued jobs never run yet that were written before `before`, oldest first: the BullMQ runner hands
     * them to Redis again in case the process that wrote one died before it could (idempotent there).
     */
    async queuedBefore(before: Date, limit: number): Promise<JobView[]> {
      const rows = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.state, 'queued'), eq(jobs.attempts, 0), lt(jobs.createdAt, before)))
        .orderBy(asc(jobs.createdAt))
        .limit(limit);
      return rows.map(toJobView);
    },

    /** Claims one given job (a BullMQ delivery): queued, or running under a lease BullMQ found stalled. */
    async claimById(id: number, workerId: string, now: Date, leaseMs: number): Promise<JobView | null> {
      return claim(
        and(eq(jobs.id, id), or(eq(jobs.state, 'queued'), eq(jobs.state, 'running'))),
        workerId,
        now,
        leaseMs,
      );
    },

    /** Renews the lease; false when the job is no longer this worker's (canceled, taken over). */
    async heartbeat(id: number, workerId: string, now: Date, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(owned(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async progress(
      id: number,
      workerId: string,
      progress: number,
      stage: string | null,
      now: Date,
    ): Promise<JobView | null> {
      return one(
        await db.update(jobs).set({ progress, stage, updatedAt: now }).where(owned(id, workerId)).returning(),
      );
    },

    async succeed(id: number, workerId: string, result: unknown, now: Date): Promise<JobView | null> {
      return one(
        await db
          .update(jobs)
          .set({
            state: 'succeeded',
            progress: 100,
            result: result ?? null,
            error: null,
            leaseOwner: null,
            leaseUntil: null,
            finishedAt: now,
            updatedAt: now,
          })
          .where(owned(id, workerId))
          .returning(),
      );
    },

    async retry(
      id: number,
      workerId: string,
      error: string,
      runAt: Date,
      now: Date,
    ): Promise<JobView | null> {
      return one(
        await db
          .update(jobs)
          .set({ state: 'queued', error, runAt, leaseOwner: null, leaseUntil: null, updatedAt: now })
          .where(owned(id, workerId))
          .returning(),
      );
    },

    /** Fails a job this worker holds (or, with `workerId` null, a queued or running job of nobody's). */
    async fail(id: number, workerId: string | null, error: string, now: Date): Promise<JobView | null> {
      return one(
        await db
          .update(jobs)
          .set({
            state: 'failed',
            error,
            leaseOwner: null,
            leaseUntil: null,
            finishedAt: now,
            updatedAt: now,
          })
          .where(
            workerId ? owned(id, workerId) : and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])),
          )
          .returning(),
      );
    },

    async cancel(id: number, now: Date, tenantId?: number): Promise<JobView | null> {
      return one(
        await db
          .update(jobs)
          .set({ state: 'canceled', leaseOwner: null, leaseUntil: null, finishedAt: now, updatedAt: now })
          .where(
            and(
              eq(jobs.id, id),
              inArray(jobs.state, ['queued', 'running']),
              tenantId === undefined ? undefined : eq(jobs.tenantId, tenantId),
            ),
          )
          .returning(),
      );
    },
  };
};
export type JobStore = ReturnType<typeof createJobStore>;
