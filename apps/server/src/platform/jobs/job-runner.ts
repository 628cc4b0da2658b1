import { randomUUID } from 'node:crypto';
import { hubEvents, type JobProgressPayload } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { Hub } from '../hub/hub.js';
import { createJobStore, toProgressPayload, type JobStore, type JobView } from './job-store.js';

export type { JobView } from './job-store.js';

/** What a handler gets besides the job: report progress, and a signal aborted on cancel or timeout. */
export interface JobContext {
  /** Aborted when the job is canceled, times out, or this worker lost the job's lease. */
  signal: AbortSignal;
  /** 1 on the first run. */
  attempt: number;
  /** Reports progress 0–100 with a stage name; stored and pushed to the owner as `JobProgress`. */
  progress(percent: number, stage?: string): Promise<void>;
}

export type JobHandler = (job: JobView, ctx: JobContext) => Promise<unknown>;

export interface JobTypeOptions {
  /** Time limit of one run (default 10 min): the signal aborts and the job fails with `timeout`. */
  timeoutMs?: number;
  /** Runs before the job fails for good (default 3). */
  maxAttempts?: number;
  /** Retry n waits backoffMs × 2^(n−1) (default 2 s, at most 10 min). */
  backoffMs?: number;
}

export interface EnqueueOptions {
  tenantId?: number;
  /** The owner, who gets `JobProgress` pushes. */
  userId?: number | null;
  maxAttempts?: number;
  timeoutMs?: number;
  /** Run no sooner than this many ms from now. */
  delayMs?: number;
  /** 0–1000, higher first among due jobs (default 0); members' tasks use it to go before others'. */
  priority?: number;
}

export const MAX_JOB_PRIORITY = 1000;

/** A failure that must not be retried (bad input, refused by a provider). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobEvent = JobProgressPayload & { tenantId: number; userId: number | null };

/** One interface over both back ends (in-process on the database, or BullMQ on Redis). */
export interface JobRunner {
  readonly kind: 'database' | 'bullmq';
  register(type: string, handler: JobHandler, options?: JobTypeOptions): void;
  enqueue(type: string, payload: unknown, options?: EnqueueOptions): Promise<JobView>;
  /** Cancels a queued or running job (a running handler sees its signal abort). Null when already over. */
  cancel(id: number, options?: { tenantId?: number }): Promise<JobView | null>;
  get(id: number): Promise<JobView | null>;
  /** Starts running handlers in this process. */
  start(): Promise<void>;
  /**
   * Stops running handlers. By default waits for the running ones; `abandon: true` walks away from them
   * like a crashed worker (no more writes; their leases expire and another worker picks the jobs up).
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
  onEvent(listener: (event: JobEvent) => void): () => void;
  /** Stops and releases connections. */
  close(): Promise<void>;
}

export interface JobCoreDeps {
  db: Db;
  clock: Clock;
  hub?: Hub;
  log: FastifyBaseLogger;
  leaseMs: number;
  concurrency: number;
}

const DEFAULTS = { timeoutMs: 10 * 60_000, maxAttempts: 3, backoffMs: 2_000 };
const MAX_BACKOFF_MS = 10 * 60_000;

class Abandoned extends Error {}

/** What both back ends share: registry, store, running one job (lease heartbeat, timeout, retry), events. */
export const createJobCore = (deps: JobCoreDeps) => {
  const store: JobStore = createJobStore(deps.db);
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, { handler: JobHandler; options: Required<JobTypeOptions> }>();
  const listeners = new Set<(event: JobEvent) => void>();
  const active = new Map<
    number,
    { controller: AbortController; done: Promise<void>; userId: number | null }
  >();
  let abandoned = false;

  const emit = (job: JobView | null) => {
    if (!job) return;
    const payload = toProgressPayload(job, deps.clock.now());
    for (const listener of listeners) listener({ ...payload, tenantId: job.tenantId, userId: job.userId });
    if (job.userId && deps.hub) {
      deps.hub.sendToUser(job.userId, hubEvents.jobProgress, payload).catch((error: unknown) => {
        deps.log.warn({ err: error, jobId: job.id }, 'jobs: progress push failed');
      });
    }
  };

  const backoff = (options: Required<JobTypeOptions>, attempt: number) =>
    Math.min(MAX_BACKOFF_MS, options.backoffMs * 2 ** Math.max(0, attempt - 1));

  /** Runs one claimed job to its end. Resolves with the retry time when it should run again. */
  const execute = async (job: JobView): Promise<{ retryAt?: Date; abandoned?: boolean }> => {
    const entry = handlers.get(job.type);
    const now = deps.clock.now();
    if (job.attempts > job.maxAttempts) {
      emit(await store.fail(job.id, workerId, job.error ?? 'lease_expired', now));
      return {};
    }
    if (!entry) {
      emit(await store.fail(job.id, workerId, 'no_handler', now));
      return {};
    }
    emit(job);
    const controller = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    active.set(job.id, { controller, done, userId: job.userId });
    const heartbeat = setInterval(
      () => {
        if (abandoned) return;
        store.heartbeat(job.id, workerId, deps.clock.now(), deps.leaseMs).then(
          (kept) => {
            if (!kept && !controller.signal.aborted) controller.abort(new Error('lease_lost'));
          },
          (error: unknown) => deps.log.warn({ err: error, jobId: job.id }, 'jobs: heartbeat failed'),
        );
      },
      Math.max(20, Math.floor(deps.leaseMs / 3)),
    );
    const timeoutMs = job.timeoutMs;
    const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    aborted.catch(() => undefined);
    const ctx: JobContext = {
      signal: controller.signal,
      attempt: job.attempts,
      progress: async (percent, stage) => {
        if (abandoned || controller.signal.aborted) return;
        const value = Math.max(0, Math.min(100, Math.round(percent)));
        emit(await store.progress(job.id, workerId, value, stage ?? null, deps.clock.now()));
      },
    };
    try {
      const result = await Promise.race([entry.handler(job, ctx), aborted]);
      if (abandoned) return { abandoned: true };
      emit(await store.succeed(job.id, workerId, result, deps.clock.now()));
      return {};
    } catch (error) {
      if (abandoned) return { abandoned: true };
      const reason = controller.signal.aborted ? (controller.signal.reason as Error).message : null;
      const at = deps.clock.now();
      if (reason === 'lease_lost' || reason === 'canceled') return {};
      if (reason === 'timeout') {
        emit(await store.fail(job.id, workerId, 'timeout', at));
        return {};
      }
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, jobId: job.id, type: job.type }, 'jobs: attempt failed');
      if (!(error instanceof PermanentJobError) && job.attempts < job.maxAttempts) {
        const retryAt = new Date(at.getTime() + backoff(entry.options, job.attempts));
        const queued = await store.retry(job.id, workerId, message.slice(0, 500), retryAt, at);
        emit(queued);
        return queued ? { retryAt } : {};
      }
      emit(await store.fail(job.id, workerId, message.slice(0, 500), at));
      return {};
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
      active.delete(job.id);
      finish();
    }
  };

  return {
    store,
    workerId,
    handlers,
    active,
    execute,
    emit,
    register(type: string, handler: JobHandler, options: JobTypeOptions = {}) {
      handlers.set(type, { handler, options: { ...DEFAULTS, ...options } });
    },
    async insert(type: string, payload: unknown, options: EnqueueOptions = {}) {
      const typeOptions = handlers.get(type)?.options ?? DEFAULTS;
      const now = deps.clock.now();
      const job = await store.insert({
        tenantId: options.tenantId ?? 1,
        userId: options.userId ?? null,
        type,
        payload,
        maxAttempts: Math.max(1, options.maxAttempts ?? typeOptions.maxAttempts),
        timeoutMs: Math.max(1, options.timeoutMs ?? typeOptions.timeoutMs),
        priority: Math.max(0, Math.min(MAX_JOB_PRIORITY, Math.round(options.priority ?? 0))),
        runAt: new Date(now.getTime() + Math.max(0, options.delayMs ?? 0)),
        now,
      });
      emit(job);
      return job;
    },
    async cancel(id: number, options: { tenantId?: number } = {}) {
      const job = await store.cancel(id, deps.clock.now(), options.tenantId);
      if (job) {
        active.get(id)?.controller.abort(new Error('canceled'));
        emit(job);
      }
      return job;
    },
    onEvent(listener: (event: JobEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Waits for running handlers, or (abandon) walks away from them like a dead worker. */
    async drain(abandon: boolean) {
      if (abandon) {
        abandoned = true;
        for (const { controller } of active.values()) controller.abort(new Abandoned('abandoned'));
        return;
      }
      await Promise.all([...active.values()].map((a) => a.done));
    },
  };
};
export type JobCore = ReturnType<typeof createJobCore>;

/** The default back end: jobs claimed from the database by polling (and woken on enqueue). */
export const createDatabaseJobRunner = (deps: JobCoreDeps & { pollMs: number }): JobRunner => {
  const core = createJobCore(deps);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let polling = false;
  let again = false;

  /**
   * One user's jobs take at most all slots but one (with two or more), so another user's job never waits for
   * a running one: it starts as soon as it is claimed, at the price of a lone user's jobs running one fewer
   * at a time. Jobs without an owner (system work) are not counted.
   */
  const share = Math.max(1, deps.concurrency - 1);
  const usersAtShare = () => {
    const held = new Map<number, number>();
    for (const { userId } of core.active.values())
      if (userId !== null) held.set(userId, (held.get(userId) ?? 0) + 1);
    return [...held].filter(([, n]) => n >= share).map(([userId]) => userId);
  };

  const poll = async () => {
    if (!running) return;
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      do {
        again = false;
        while (running && core.active.size < deps.concurrency) {
          const job = await core.store.claimNext(
            [...core.handlers.keys()],
            core.workerId,
            deps.clock.now(),
            deps.leaseMs,
            usersAtShare(),
          );
          if (!job || !running) break;
          void core.execute(job).then(() => poll());
        }
      } while (again && running);
    } catch (error) {
      deps.log.warn({ err: error }, 'jobs: poll failed');
    } finally {
      polling = false;
    }
  };

  return {
    kind: 'database',
    register: core.register,
    onEvent: core.onEvent,
    get: (id) => core.store.get(id),
    cancel: (id, options) => core.cancel(id, options),
    async enqueue(type, payload, options) {
      const job = await core.insert(type, payload, options);
      setImmediate(() => void poll());
      return job;
    },
    async start() {
      if (running) return;
      running = true;
      timer = setInterval(() => void poll(), deps.pollMs);
      timer.unref();
      void poll();
    },
    async stop(options = {}) {
      running = false;
      clearInterval(timer);
      await core.drain(!!options.abandon);
    },
    async close() {
      await this.stop();
    },
  };
};
