import { systemClock, type Clock } from '../platform/clock.js';
import { createBullmqJobRunner } from '../platform/jobs/bullmq-runner.js';
import { createDatabaseJobRunner, type JobRunner } from '../platform/jobs/job-runner.js';
import type { TestApp } from './build-app.js';
import { redisAnswers, redisUrl } from './redis.js';

/** Both job runner back ends, for tests that must hold on each; BullMQ only when a Redis server answers. */
export interface Backend {
  name: string;
  available: () => Promise<boolean>;
  make: (app: TestApp, options: { clock?: Clock; leaseMs?: number; prefix: string }) => JobRunner;
}

/** What both runners take alike: the app's database, hub and log, a 5 s lease, two jobs at a time. */
const runnerOptions = (app: TestApp, options: { clock?: Clock; leaseMs?: number }) => ({
  db: app.platform.db,
  clock: options.clock ?? systemClock,
  hub: app.platform.hub,
  log: app.log,
  leaseMs: options.leaseMs ?? 5000,
  concurrency: 2,
});

export const backends: Backend[] = [
  {
    name: 'database (in-process)',
    available: async () => true,
    make: (app, options) => createDatabaseJobRunner({ ...runnerOptions(app, options), pollMs: 25 }),
  },
  {
    name: 'BullMQ on Redis',
    available: redisAnswers,
    make: (app, options) =>
      createBullmqJobRunner({
        ...runnerOptions(app, options),
        redisUrl,
        prefix: options.prefix,
        stalledIntervalMs: 300,
      }),
  },
];
