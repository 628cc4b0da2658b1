import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantId } from '../db/tenant.table.js';
import { users } from '../identity/identity.table.js';

/**
 * Background jobs (AI drawing, dubbing, subtitles, video). The row is the truth about a job's state on both
 * back ends; BullMQ only carries "run job N" messages when REDIS_URL is set.
 */
export const jobs = pgTable(
  'job',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** The owner, who receives `JobProgress` over the hub; null for system jobs. */
    userId: integer('user_id').references(() => users.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** queued, running, succeeded, failed, canceled. */
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Higher runs first among due jobs (members' AI tasks go before others'). */
    priority: integer('priority').notNull().default(0),
    stage: text('stage'),
    /** Attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    timeoutMs: integer('timeout_ms').notNull(),
    /** A queued job runs at or after this time (retry backoff, delayed jobs). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** The worker running it and until when its lease lasts; an expired lease means the worker died. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('job_due_idx').on(t.state, t.priority, t.runAt),
    index('job_owner_idx').on(t.tenantId, t.userId, t.createdAt),
    // A user's active jobs of one type: the per-user task limit counts them on every submit. Partial, so it
    // holds only the queued and running rows, however long the table grows.
    index('job_active_idx')
      .on(t.tenantId, t.userId, t.type)
      .where(sql`state IN ('queued', 'running')`),
    // The console's jobs per day (a range of days).
    index('job_created_idx').on(t.tenantId, t.createdAt),
    check('job_progress_range', sql`${t.progress} >= 0 AND ${t.progress} <= 100`),
  ],
);

/**
 * When each user's job was last claimed (user 0 stands for system jobs without an owner). The database
 * runner claims from the user served longest ago first, so one user's backlog cannot starve another's.
 */
export const jobTurns = pgTable('job_turn', {
  userId: integer('user_id').primaryKey(),
  servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
});
