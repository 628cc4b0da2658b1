import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Config } from './config.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createDatabase } from './platform/db/client.js';
import { assertDataDirWritable, lockDataDir } from './platform/db/data-dir.js';
import { createSessionService } from './platform/auth/session.service.js';
import { createTokenService } from './platform/auth/tokens.js';
import { createMemoryCache } from './platform/cache/memory-cache.js';
import { createPlatformHub } from './platform/hub/hub.js';
import { createPlatformJobRunner } from './platform/jobs/jobs.js';
import { createMetrics } from './platform/metrics/metrics.js';
import type { Platform } from './platform/platform.js';
import { createProviders } from './platform/providers.js';
import { createSecrets } from './platform/secrets.js';
import { createAigcSigner } from './platform/aigc/aigc-label.js';
import { createPlatformStorage } from './platform/storage/file-storage.js';
import { startWorkDirSweeps } from './platform/work-dirs.js';
// Two of the platform's services are implemented by modules (the platform itself imports no module).
import { createCensorRepositories, createCensorService } from './modules/censor/index.js';
import { createImMessageRepositories, createImMessageService } from './modules/im-message/index.js';

export interface PlatformOptions {
  clock?: Clock;
}

export interface BuiltPlatform {
  platform: Platform;
  /** Stops the job runner (running jobs finish), closes the hub, the database and the DATA_DIR lock; once. */
  close(): Promise<void>;
}

/** The process's logger: what Fastify made from the same options before (the API hands it to Fastify). */
const createLogger = (config: Config) =>
  pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers["x-authorization"]'],
  });

/**
 * The platform of one process, API or worker: database (migrated), secrets, tokens and sessions, caches, the
 * hub, file storage, the job runner, providers, metrics and the logger. No HTTP: `buildApp` puts Fastify on it.
 */
export const buildPlatform = async (config: Config, options: PlatformOptions = {}): Promise<BuiltPlatform> => {
  const clock = options.clock ?? systemClock;
  const dataDir = path.resolve(config.DATA_DIR);
  const log = createLogger(config);

  assertDataDirWritable(dataDir);
  // The embedded database belongs to one process: a second server on this DATA_DIR refuses to start.
  const embeddedOnDisk = !config.DATABASE_URL && !config.PGLITE_IN_MEMORY;
  const dataDirLock = embeddedOnDisk ? lockDataDir(dataDir) : null;
  const metrics = createMetrics({ enabled: Boolean(config.METRICS_TOKEN) });
  const database = await createDatabase({
    onPoolWait: metrics.enabled ? metrics.poolWait : undefined,
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_IN_MEMORY ? undefined : path.join(dataDir, 'pglite'),
  }).catch((error: unknown) => {
    dataDirLock?.release();
    throw error;
  });
  const releaseDatabase = async () => {
    await database.close();
    dataDirLock?.release();
  };
  try {
    await database.migrate();
  } catch (error) {
    await releaseDatabase();
    throw error;
  }

  const secrets = createSecrets(config, dataDir);
  const tokens = createTokenService(secrets.jwt, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = createSessionService({
    db: database.db,
    tokens,
    clock,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    listen: database.listen,
    onQuery: database.onQuery,
  });
  const cache = createMemoryCache({
    listen: database.listen,
    onQuery: database.onQuery,
    onLookup: metrics.enabled ? metrics.cacheLookup : undefined,
  });
  await cache.ready;
  const hub = createPlatformHub({ config, sessions, clock, log });
  const messageCentre = createImMessageService({
    store: createImMessageRepositories(database.db),
    clock,
    hub,
  });
  const jobs = createPlatformJobRunner({ config, db: database.db, clock, hub, log });
  const platform: Platform = {
    config,
    database,
    db: database.db,
    clock,
    tokens,
    sessions,
    cache,
    log,
    dataDir,
    censor: createCensorService({ store: createCensorRepositories(database.db) }),
    storage: createPlatformStorage({ config, dataDir, urlSecret: secrets.fileUrl, db: database.db, clock }),
    hub,
    notify: messageCentre.notify,
    noticeInTx: messageCentre.noticeInTx,
    jobs,
    providers: createProviders({ config, dataDir, log, clock, metrics }),
    metrics,
    secrets,
    aigc: createAigcSigner({ secret: secrets.aigc, producer: config.AIGC_PRODUCER }),
  };

  // Work folders a crashed job left (renders under DATA_DIR/tmp, the aligner's in the system's): now and then.
  const stopSweeps = startWorkDirSweeps([path.join(dataDir, 'tmp'), tmpdir()], log);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopSweeps();
      // Jobs and the hub close first when an API shuts down (its preClose hooks); both answer at once then.
      await jobs.close();
      await hub.close();
      await releaseDatabase();
    })());
  return { platform, close };
};
