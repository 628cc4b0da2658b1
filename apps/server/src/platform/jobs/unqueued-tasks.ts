import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobs } from './job.table.js';

/**
 * Accepting a paid task writes its row and its gold hold in one transaction, then enqueues its job and links
 * the job to the row. A process that dies between the two leaves a task without a job: its gold would stay
 * held and the task "queued" forever. Each module that does this sweeps such tasks on `platform.jobs.every`
 * once they are older than the grace period (far longer than an enqueue takes): a task whose job does exist
 * (the crash came after the enqueue, before the link) gets its job linked; any other gets its gold back.
 */
export const UNQUEUED_GRACE_MS = 2 * 60_000;
/**
 * The start of the grace period at `now`: a task without a job accepted since then is still being enqueued
 * (it counts towards the task limit); an older one is the sweep's.
 */
export const unqueuedGraceStart = (now: Date) => new Date(now.getTime() - UNQUEUED_GRACE_MS);
/** How often the sweeps run. */
export const UNQUEUED_SWEEP_MS = 5 * 60_000;
/** Tasks handled per sweep run (the next run takes the rest). */
export const UNQUEUED_SWEEP_BATCH = 200;

/** The newest job of `type` whose payload names the task (`{ taskId }`), if one was enqueued. */
export const jobOfTask = async (db: DbOrTx, type: string, taskId: number): Promise<number | undefined> => {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, type), sql`${jobs.payload}->>'taskId' = ${String(taskId)}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row?.id;
};
