import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import { serviceUnavailable } from '../errors.js';
import { createFairQueue, decodeFairMessage, type FairMessage } from './fair-queue.js';
import { createJobCore, MAX_JOB_PRIORITY, type JobCoreDeps, type JobRunner } from './job-runner.js';

const QUEUE = 'jobs';
/** How often a started runner dispatches anyway (jobs that became due, hand-overs to repair). */
const TICK_MS = 1000;
/** When the crash repairs look (tests shorten them). */
export interface FairRepairTimes {
  /** How often a started runner runs them. */
  everyMs: number;
  /** A job handed to BullMQ this long ago and not started is checked: was it really added? */
  staleOutMs: number;
  /** Queued jobs never run and older than this are pushed to Redis again (their writer may have died). */
  unpublishedMs: number;
}
const REPAIR_TIMES: FairRepairTimes = { everyMs: 30_000, staleOutMs: 30_000, unpublishedMs: 2 * 60_000 };

/** What a BullMQ delivery carries: the job, and the fair queue's user and message it went out as. */
interface Delivery {
  jobId: number;
  user?: string;
  message?: string;
}

/**
 * BullMQ back end (REDIS_URL): Redis carries "run job N" messages and BullMQ's lock and stalled-job check
 * hand a dead worker's job to another worker; the job row in PostgreSQL stays the truth about state,
 * attempts, progress and results, so `get`, cancel and status pages work the same on both back ends.
 * Jobs reach BullMQ through the fair queue (fair-queue.ts): one job of each user at a time, round robin, so
 * one user's backlog cannot starve another's. Started runners dispatch: on a wake-up published by any
 * enqueuing process, when one of their jobs starts, and every second.
 */
export const createBullmqJobRunner = (
  deps: JobCoreDeps & {
    redisUrl: string;
    prefix: string;
    stalledIntervalMs?: number;
    repairTimes?: FairRepairTimes;
  },
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

  /**
   * The producer connection: the first commands of a new runner wait for it to come up (as BullMQ's own do);
   * once it has been up, commands go straight to it and fail fast while Redis is away.
   */
  let wasReady = false;
  connection.once('ready', () => (wasReady = true));
  const ready = async (): Promise<Redis> => {
    if (!wasReady && connection.status !== 'ready') await queue.waitUntilReady();
    return connection;
  };
  const fair = createFairQueue(ready, deps.prefix);
  const wakeChannel = `${deps.prefix}fair:wake`;
  let subscriber: Redis | undefined;
  let ticker: NodeJS.Timeout | undefined;
  const repairTimes = deps.repairTimes ?? REPAIR_TIMES;
  let lastRepair = 0;

  const messageOf = (job: { id: number; priority: number }, attempt: number): FairMessage => ({
    jobId: job.id,
    attempt,
    priority: job.priority,
  });

  const addToBullmq = async (user: string, message: string) => {
    const { jobId, attempt, priority } = decodeFairMessage(message);
    const data: Delivery = { jobId, user, message };
    await queue.add('run', data, {
      jobId: `j${jobId}-a${attempt}`,
      // BullMQ runs priority 1 first; among the users' jobs handed over, members' go first.
      priority: 1 + MAX_JOB_PRIORITY - priority,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  };

  let dispatching = false;
  let again = false;
  /** Hands BullMQ the next job of every user whose turn it is (only in started runners). */
  const dispatch = async () => {
    if (!worker) return;
    if (dispatching) {
      again = true;
      return;
    }
    dispatching = true;
    try {
      if (Date.now() - lastRepair > repairTimes.everyMs) {
        lastRepair = Date.now();
        await repair();
      }
      do {
        again = false;
        for (let i = 0; i < 1000 && worker; i++) {
          const next = await fair.next(deps.clock.now());
          if (!next) break;
          await addToBullmq(next.user, next.message);
        }
      } while (again && worker);
    } catch (error) {
      deps.log.warn({ err: error }, 'jobs: dispatch failed');
    } finally {
      dispatching = false;
    }
  };
  const dispatchSoon = (delayMs = 0) => {
    const timer = setTimeout(() => void dispatch(), Math.max(0, delayMs));
    timer.unref();
  };

  /**
   * Crash repairs: a hand-over BullMQ never got is added again; a queued job never run whose writer may have
   * died before pushing it is pushed again (a message already waiting or out is not added twice).
   */
  const repair = async () => {
    const now = deps.clock.now();
    for (const { user, message } of await fair.stale(new Date(now.getTime() - repairTimes.staleOutMs))) {
      const { jobId, attempt } = decodeFairMessage(message);
      if (!(await queue.getJob(`j${jobId}-a${attempt}`))) await addToBullmq(user, message);
      await fair.touch(user, now);
    }
    const unpublished = new Date(now.getTime() - repairTimes.unpublishedMs);
    for (const job of await core.store.queuedBefore(unpublished, 100)) {
      await fair.push(job.userId, messageOf(job, 0), job.runAt);
    }
  };

  const process = async (bullJob: BullJob<Delivery>) => {
    const { jobId, user, message } = bullJob.data;
    const job = await core.store.claimById(jobId, core.workerId, deps.clock.now(), deps.leaseMs);
    // Claimed (or gone): the user's turn comes back and the next job can go out.
    if (user !== undefined && message !== undefined && (await fair.started(user, message))) void dispatch();
    if (!job) return; // canceled or finished meanwhile
    const outcome = await core.execute(job);
    // A worker walking away (crash simulation) must not complete the delivery: BullMQ's stalled-job check
    // hands it to another worker once the lock expires.
    if (outcome.abandoned) await new Promise<never>(() => undefined);
    if (outcome.retryAt) {
      await fair.push(job.userId, messageOf(job, job.attempts), outcome.retryAt);
      dispatchSoon(outcome.retryAt.getTime() - deps.clock.now().getTime() + 5);
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
        await fair.push(job.userId, messageOf(job, 0), job.runAt);
        if (worker) void dispatch();
        else await (await ready()).publish(wakeChannel, '1');
        if (options.delayMs) dispatchSoon(options.delayMs + 5);
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
      subscriber = connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
      subscriber.on('error', (error) => deps.log.warn({ err: error }, 'jobs: redis error'));
      subscriber.on('message', () => void dispatch());
      await subscriber.subscribe(wakeChannel);
      ticker = setInterval(() => void dispatch(), TICK_MS);
      ticker.unref();
      void dispatch();
    },
    async stop(options = {}) {
      const current = worker;
      worker = undefined;
      clearInterval(ticker);
      subscriber?.disconnect();
      subscriber = undefined;
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
