import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per recurring job: when it is next due. Every process with a runner ticks, and the one whose
 * conditional update moves `next_run_at` on enqueues that slot's run, so it runs once per cluster.
 */
export const recurringJobs = pgTable('recurring_job', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The job of the last slot; a slot is skipped while that job is still queued or running. */
  lastJobId: integer('last_job_id'),
});
