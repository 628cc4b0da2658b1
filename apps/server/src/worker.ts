import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { reportSystemPackages } from './platform/system-packages.js';

/**
 * `npm run worker`: a worker-only process (no HTTP). It builds the same app so every module registers
 * its job handlers, then runs jobs from the shared queue: BullMQ when REDIS_URL is set, else the shared
 * PostgreSQL job table. Needs DATABASE_URL (the embedded database belongs to one process).
 */
const main = async () => {
  let config;
  try {
    config = loadConfig();
    if (!config.DATABASE_URL) {
      throw new ConfigError(
        'npm run worker needs DATABASE_URL (a PostgreSQL server shared with the API) and usually REDIS_URL',
      );
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ ...config, JOBS_IN_API: false });
  await app.ready();
  reportSystemPackages(app.log);
  await app.platform.jobs.start();
  app.log.info(
    `worker ready: ${app.platform.jobs.kind} jobs, concurrency ${config.JOB_CONCURRENCY}, no HTTP`,
  );
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down: finishing running jobs');
    const force = setTimeout(() => process.exit(1), 30000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

void main();
