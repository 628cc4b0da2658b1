import { and, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { JobHandler, JobRunner, JobTypeOptions } from './job-runner.js';
import { recurringJobs } from './recurring.table.js';

/** The platform's runner: the job runner plus work that recurs on a fixed interval. */
export interface PlatformJobs extends JobRunner {
  /**
   * Runs `handler` as a job of type `name` every `intervalMs`, once per cluster however many processes
   * run jobs (the first due run is one interval after the first start). Register before `start()`.
   */
  every(name: string, intervalMs: number, handler: JobHandler, options?: JobTypeOptions): void;
  /** Enqueues the recurring jobs that are due now and that this process wins (the tickers call it too). */
  runDue(): Promise<void>;
}

interface Recurring {
  name: string;
  intervalMs: number;
}

export interface RecurringDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Adds `every()` to a runner: its ticker starts and stops with the runner's handlers. */
export const withRecurringJobs = (runner: JobRunner, deps: RecurringDeps): PlatformJobs => {
  const recurring: Recurring[] = [];
  let timers: NodeJS.Timeout[] = [];

  /** Enqueues the slot's run when this process wins the slot and the last run is over. */
  const tick = async (job: Recurring) => {
    const now = deps.clock.now();
    const [claimed] = await deps.db
      .update(recurringJobs)
      .set({ nextRunAt: new Date(now.getTime() + job.intervalMs) })
      .where(and(eq(recurringJobs.name, job.name), lte(recurringJobs.nextRunAt, now)))
      .returning({ lastJobId: recurringJobs.lastJobId });
    if (!claimed) return;
    if (claimed.lastJobId !== null) {
      const last = await runner.get(claimed.lastJobId);
      if (last && (last.state === 'queued' || last.state === 'running')) return;
    }
    const queued = await runner.enqueue(job.name, {});
    await deps.db.update(recurringJobs).set({ lastJobId: queued.id }).where(eq(recurringJobs.name, job.name));
  };

  /** The schedule rows, made once per process (a row already there keeps its due time). */
  let scheduled: Promise<void> | undefined;
  const schedule = () =>
    (scheduled ??= (async () => {
      const now = deps.clock.now();
      for (const job of recurring) {
        await deps.db
          .insert(recurringJobs)
          .values({
            name: job.name,
            intervalMs: job.intervalMs,
            nextRunAt: new Date(now.getTime() + job.intervalMs),
          })
          .onConflictDoUpdate({ target: recurringJobs.name, set: { intervalMs: job.intervalMs } });
      }
    })());

  const startTickers = async () => {
    await schedule();
    for (const job of recurring) {
      const timer = setInterval(() => {
        tick(job).catch((err: unknown) =>
          deps.log.warn({ err, job: job.name }, 'jobs: recurring tick failed'),
        );
      }, job.intervalMs);
      timer.unref();
      timers.push(timer);
    }
  };
  let closing: Promise<void> | undefined;
  const stopTickers = () => {
    for (const timer of timers) clearInterval(timer);
    timers = [];
  };

  return {
    get kind() {
      return runner.kind;
    },
    register: (type, handler, options) => runner.register(type, handler, options),
    enqueue: (type, payload, options) => runner.enqueue(type, payload, options),
    cancel: (id, options) => runner.cancel(id, options),
    get: (id) => runner.get(id),
    onEvent: (listener) => runner.onEvent(listener),
    every(name, intervalMs, handler, options) {
      runner.register(name, handler, { maxAttempts: 1, ...options });
      recurring.push({ name, intervalMs });
    },
    async runDue() {
      await schedule();
      for (const job of recurring) await tick(job);
    },
    async start() {
      await runner.start();
      if (!timers.length) await startTickers();
    },
    async stop(options) {
      stopTickers();
      await runner.stop(options);
    },
    // Once: the API's preClose and the platform's close both ask (the worker has only the latter).
    close() {
      return (closing ??= (async () => {
        stopTickers();
        await runner.close();
      })());
    },
  };
};
