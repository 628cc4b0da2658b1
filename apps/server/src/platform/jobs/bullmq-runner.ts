import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import { serviceUnavailable } from '../errors.js';
import { createJobCore, MAX_JOB_PRIORITY, type JobCoreDeps, type JobRunner } from './job-runner.js';

const QUEUE = 'jobs';

/**
 * BullMQ back end (REDIS_URL): Redis carries "run job N" messages and BullMQ's lock and stalled-job check
 * hand a dead worker's job to another worker; the job row in PostgreSQL stays the truth about state,
 * attempts, progress and results, so `get`, cancel and status pages work the same on both back ends.
 */
export const createBullmqJobRunner = (
  deps: JobCoreDeps & { redisUrl: string; prefix: string; stalledIntervalMs?: number },
): JobRunner => {
  const core = createJobCore(deps);
  // The producer fails fast while Redis is away (enqueue answers 503 instead of waiting for a reconnect);
  // the worker's own connection below keeps the offline queue and waits, as BullMQ workers should.
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: false });
  connection.on('error', (error) => deps.log.warn({ err: error }, 'jobs: redis error'));
  const prefix = `${deps.prefix}bull`;
  const queue = new Queue(QUEUE, { connection, prefix });
  queue.on('error', (error) => deps.log.warn({ err: error }, 'jobs: queue error'));
  let worker: Worker | undefined;

  const publish = async (
    job: { id: number; type: string; priority: number },
    attempt: number,
    delayMs: number,
  ) => {
    await queue.add(
      job.type,
      { jobId: job.id },
      {
        jobId: `j${job.id}-a${attempt}`,
        delay: Math.max(0, delayMs),
        // BullMQ runs priority 1 first; every job carries one so the order matches the database back end.
        priority: 1 + MAX_JOB_PRIORITY - job.priority,
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  };

  const process = async (bullJob: BullJob<{ jobId: number }>) => {
    const job = await core.store.claimById(bullJob.data.jobId, core.workerId, deps.clock.now(), deps.leaseMs);
    if (!job) return; // canceled or finished meanwhile
    const outcome = await core.execute(job);
    // A worker walking away (crash simulation) must not complete the delivery: BullMQ's stalled-job check
    // hands it to another worker once the lock expires.
    if (outcome.abandoned) await new Promise<never>(() => undefined);
    if (outcome.retryAt) {
      await publish(job, job.attempts, outcome.retryAt.getTime() - deps.clock.now().getTime());
    }
  };

  return {
    kind: 'bullmq',
    register: core.register,
    onEvent: core.onEvent,
    get: (id) => core.store.get(id),
    cancel: (id, options) => core.cancel(id, options),
    async enqueue(type, payload, options = {}) {
      const job = await core.insert(type, payload, options);
      try {
        await publish(job, 0, options.delayMs ?? 0);
      } catch (error) {
        deps.log.error({ err: error, jobId: job.id }, 'jobs: could not queue on Redis');
        core.emit(await core.store.fail(job.id, null, 'queue_unavailable', deps.clock.now()));
        throw serviceUnavailable();
      }
      return job;
    },
    async start() {
      if (worker) return;
      worker = new Worker(QUEUE, process, {
        connection: connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }),
        prefix,
        concurrency: deps.concurrency,
        lockDuration: deps.leaseMs,
        stalledInterval: deps.stalledIntervalMs ?? Math.max(1000, Math.floor(deps.leaseMs / 2)),
        // Attempts are counted on the job row; BullMQ only re-delivers.
        maxStalledCount: 1000,
      });
      worker.on('error', (error) => deps.log.warn({ err: error }, 'jobs: worker error'));
    },
    async stop(options = {}) {
      const current = worker;
      worker = undefined;
      if (options.abandon) {
        await current?.close(true);
        await core.drain(true);
      } else {
        await current?.close();
        await core.drain(false);
      }
    },
    async close() {
      await this.stop();
      await queue.close();
      connection.disconnect();
    },
  };
};
