import { and, count, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '@app/contract';
import './task-limits.messages.js';
import type { DbOrTx } from '../db/client.js';
import { AppError, notFound } from '../errors.js';
import { isVipAt } from '../identity/membership.js';
import { createUsersRepository } from '../identity/users.repository.js';
import { jobs } from './job.table.js';

/** The kinds of AI task a user's limit is counted per (app_config taskLimits). */
export type TaskCapability = 'drawing' | 'dubbing' | 'subtitles' | 'video';
export type TaskLimits = AppConfig['taskLimits'];

type TaskLimitInput = {
  tenantId: number;
  userId: number;
  capability: TaskCapability;
  jobType: string;
  limits: TaskLimits;
  now: Date;
  unqueued: () => Promise<number>;
};

/**
 * The user's limit of active tasks of one capability and how many are active (queued or running jobs plus
 * `unqueued`), locking the user's row for the rest of the transaction like `checkTaskLimit`. A module that
 * starts waiting tasks by itself (a video batch) reads its free places from it.
 */
export const taskPlaces = async (
  tx: DbOrTx,
  input: TaskLimitInput,
): Promise<{ limit: number; active: number }> => {
  const user = await createUsersRepository(tx).lockLive(input.tenantId, input.userId);
  if (!user) throw notFound();
  const limit = input.limits[input.capability] * (isVipAt(user, input.now) ? input.limits.vipMultiplier : 1);
  const [row] = await tx
    .select({ active: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenantId, input.tenantId),
        eq(jobs.userId, input.userId),
        eq(jobs.type, input.jobType),
        // Written as the index's own predicate, so the planner uses the partial index.
        sql`${jobs.state} IN ('queued', 'running')`,
      ),
    );
  return { limit, active: (row?.active ?? 0) + (await input.unqueued()) };
};

/**
 * Refuses a new AI task past the user's limit of active tasks (queued or running) of one capability, with
 * 429 `too_many_tasks` naming how many are waiting. Call it first in the transaction that writes the task:
 * it locks the user's row until that transaction ends, so two submits of one user are counted one after the
 * other and parallel requests cannot both pass.
 *
 * A task's job is written just after its transaction commits, so the count is the user's active jobs of
 * the type (read through the partial index job_active_idx) plus `unqueued`: the module's accepted tasks that
 * have no job yet (those of the last moments, and a crashed process's until its sweep settles them).
 */
export const checkTaskLimit = async (tx: DbOrTx, input: TaskLimitInput): Promise<void> => {
  const { limit, active: waiting } = await taskPlaces(tx, input);
  if (waiting >= limit) throw new AppError(429, 'too_many_tasks', { waiting, limit });
};
