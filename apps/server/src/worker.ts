import { buildApp } from './app.js';
import { ConfigError } from './config.js';
import { configOrExit, exitOnSignals } from './process-lifecycle.js';
import { reportSystemPackages } from './platform/system-packages.js';

/**
 * `npm run worker`: a worker-only process (no HTTP). It builds the same app so every module registers
 * its job handlers, then runs jobs from the shared queue: BullMQ when REDIS_URL is set, else the shared
 * PostgreSQL job table. Needs DATABASE_URL (the embedded database belongs to one process).
 */
const main = async () => {
  const config = configOrExit((c) => {
    if (!c.DATABASE_URL) {
      throw new ConfigError(
        'npm run worker needs DATABASE_URL (a PostgreSQL server shared with the API) and usually REDIS_URL',
      );
    }
  });
  const app = await buildApp({ ...config, JOBS_IN_API: false });
  await app.ready();
  reportSystemPackages(app.log);
  await app.platform.jobs.start();
  app.log.info(
    `worker ready: ${app.platform.jobs.kind} jobs, concurrency ${config.JOB_CONCURRENCY}, no HTTP`,
  );
  exitOnSignals(app, 'finishing running jobs', 30000);
};

void main();
