import { Redis } from 'ioredis';
import { systemClock, type Clock } from '../platform/clock.js';
import { createBullmqJobRunner } from '../platform/jobs/bullmq-runner.js';
import { createDatabaseJobRunner, type JobRunner } from '../platform/jobs/job-runner.js';
import type { TestApp } from './build-app.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(25);
  }
};

/** Both job runner back ends, for tests that must hold on each; BullMQ only when a Redis server answers. */
export interface Backend {
  name: string;
  available: () => Promise<boolean>;
  make: (app: TestApp, options: { clock?: Clock; leaseMs?: number; prefix: string }) => JobRunner;
}

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:56379';
const redisAnswers = async () => {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};

export const backends: Backend[] = [
  {
    name: 'database (in-process)',
    available: async () => true,
    make: (app, options) =>
      createDatabaseJobRunner({
        db: app.platform.db,
        clock: options.clock ?? systemClock,
        hub: app.platform.hub,
        log: app.log,
        leaseMs: options.leaseMs ?? 5000,
        concurrency: 2,
        pollMs: 25,
      }),
  },
  {
    name: 'BullMQ on Redis',
    available: redisAnswers,
    make: (app, options) =>
      createBullmqJobRunner({
        db: app.platform.db,
        clock: options.clock ?? systemClock,
        hub: app.platform.hub,
        log: app.log,
        leaseMs: options.leaseMs ?? 5000,
        concurrency: 2,
        redisUrl,
        prefix: options.prefix,
        stalledIntervalMs: 300,
      }),
  },
];
