import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { redisAnswers, redisUrl } from '../../test/redis.js';
import { waitFor } from '../../test/wait.js';
import { createBullmqJobRunner, type FairRepairTimes } from './bullmq-runner.js';
import { createFairQueue } from './fair-queue.js';
import { createJobStore } from './job-store.js';
import type { JobRunner } from './job-runner.js';

/** The BullMQ runner's fair queue across processes and crashes (runners sharing one Redis prefix). */
describe('BullMQ fair queue across processes and crashes', () => {
  let app: TestApp;
  let available = false;
  let redis: Redis;
  const runners: JobRunner[] = [];
  const newPrefix = () => `test${Math.random().toString(36).slice(2, 8)}:`;
  let prefix = newPrefix();
  const make = (repairTimes?: FairRepairTimes) => {
    const runner = createBullmqJobRunner({
      db: app.platform.db,
      clock: systemClock,
      log: app.log,
      leaseMs: 5000,
      concurrency: 2,
      redisUrl,
      prefix,
      stalledIntervalMs: 300,
      repairTimes,
    });
    runner.register('fair_probe', async (job) => ({ ran: (job.payload as { n: number }).n }));
    runners.push(runner);
    return runner;
  };
  const quickRepairs: FairRepairTimes = { everyMs: 100, staleOutMs: 300, unpublishedMs: 300 };
  const stateOf = async (runner: JobRunner, id: number) => (await runner.get(id))?.state;

  beforeAll(async () => {
    available = await redisAnswers();
    if (!available) return;
    app = await createTestApp({ JOBS_IN_API: false, SEED_DEMO: false });
    redis = new Redis(redisUrl);
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.close();
    prefix = newPrefix();
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('runs a job an API process without workers queued on a worker process, woken over Redis', async (ctx) => {
    if (!available) ctx.skip();
    const worker = make();
    await worker.start();
    const api = make();
    const job = await api.enqueue('fair_probe', { n: 1 }, { userId: null });
    await waitFor(async () => (await stateOf(worker, job.id)) === 'succeeded');
  });

  it('hands BullMQ a job again when the process that took its turn died before adding it', async (ctx) => {
    if (!available) ctx.skip();
    const api = make();
    const job = await api.enqueue('fair_probe', { n: 2 });
    // A dispatcher takes the user's turn, then dies before BullMQ gets the job.
    const taken = await createFairQueue(async () => redis, prefix).next(new Date());
    expect(taken).toMatchObject({ user: '0', message: `${job.id}:0:0` });

    const worker = make(quickRepairs);
    await worker.start();
    await waitFor(async () => (await stateOf(worker, job.id)) === 'succeeded');
  });

  it('pushes a queued job to Redis when the process that wrote it died before pushing it', async (ctx) => {
    if (!available) ctx.skip();
    const now = new Date();
    // The row is written; the process dies before the push.
    const job = await createJobStore(app.platform.db).insert({
      tenantId: 1,
      userId: null,
      type: 'fair_probe',
      payload: { n: 3 },
      maxAttempts: 3,
      timeoutMs: 10_000,
      priority: 0,
      runAt: now,
      now,
    });
    const worker = make(quickRepairs);
    await worker.start();
    await waitFor(async () => (await stateOf(worker, job.id)) === 'succeeded');
  });
});
