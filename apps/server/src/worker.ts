import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildPlatform } from './build-platform.js';
import { ConfigError, type Config } from './config.js';
import { MODULES } from './modules.js';
import { closeModules, createModules, registerModuleJobs, startModules } from './platform/module.js';
import { reportSystemPackages } from './platform/system-packages.js';
import { configOrExit, exitOnSignals } from './process-lifecycle.js';

/**
 * A worker: the platform and every module's services and jobs (handlers and recurring work), no HTTP at all
 * (no Fastify app, no route file is even loaded). It runs jobs from the shared queue: BullMQ when REDIS_URL is
 * set, else the shared PostgreSQL job table. Answers the platform and a `close` that lets running jobs finish.
 */
export const startWorker = async (config: Config) => {
  const { platform, close: closePlatform } = await buildPlatform({ ...config, JOBS_IN_API: false });
  const modules = createModules(MODULES, platform);
  registerModuleJobs(modules, platform.jobs, platform);
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await platform.jobs.close();
      await closeModules(modules);
      await closePlatform();
    })());
  try {
    await startModules(modules, platform);
    await platform.jobs.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { platform, close };
};

/** `npm run worker`. Needs DATABASE_URL (the embedded database belongs to one process). */
const main = async () => {
  const config = configOrExit((c) => {
    if (!c.DATABASE_URL) {
      throw new ConfigError(
        'npm run worker needs DATABASE_URL (a PostgreSQL server shared with the API) and usually REDIS_URL',
      );
    }
  });
  const { platform, close } = await startWorker(config);
  reportSystemPackages(platform.log);
  platform.log.info(
    `worker ready: ${platform.jobs.kind} jobs, concurrency ${config.JOB_CONCURRENCY}, no HTTP`,
  );
  exitOnSignals({ log: platform.log, close }, 'finishing running jobs', 30000);
};

// Run as a program (`node dist/worker.js`, `tsx src/worker.ts`), not when a test imports `startWorker`.
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) void main();
