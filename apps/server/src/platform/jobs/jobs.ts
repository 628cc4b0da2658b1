import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { Hub } from '../hub/hub.js';
import type { Platform } from '../platform.js';
import { createBullmqJobRunner } from './bullmq-runner.js';
import { createDatabaseJobRunner } from './job-runner.js';
import { withRecurringJobs, type PlatformJobs } from './recurring.js';

/** The job runner as configured (BullMQ when REDIS_URL is set, the database otherwise), with recurring jobs. */
export const createPlatformJobRunner = (deps: {
  config: Config;
  db: Db;
  clock: Clock;
  hub: Hub;
  log: FastifyBaseLogger;
}): PlatformJobs => {
  const common = {
    db: deps.db,
    clock: deps.clock,
    hub: deps.hub,
    log: deps.log,
    leaseMs: deps.config.JOB_LEASE_MS,
    concurrency: deps.config.JOB_CONCURRENCY,
  };
  const runner = deps.config.REDIS_URL
    ? createBullmqJobRunner({ ...common, redisUrl: deps.config.REDIS_URL, prefix: deps.config.REDIS_PREFIX })
    : createDatabaseJobRunner({ ...common, pollMs: deps.config.JOB_POLL_MS });
  return withRecurringJobs(runner, deps);
};

/** Runs handlers in the API process once the app is ready (JOBS_IN_API); stops them before shutdown. */
export const registerJobLifecycle = (app: FastifyInstance, platform: Platform) => {
  if (platform.config.JOBS_IN_API) {
    app.addHook('onReady', async () => {
      await platform.jobs.start();
    });
  }
  app.addHook('preClose', async () => {
    await platform.jobs.close();
  });
};
