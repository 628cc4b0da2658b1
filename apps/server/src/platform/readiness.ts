import { Redis } from 'ioredis';

/** What `/readyz` reports: each backing service the API needs, `ok` or the reason it is not. */
export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

const CHECK_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, label: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
      timer.unref();
    }),
  ]);

/**
 * Checks the database, Redis (only when configured) and the file store. The Redis client is our own, with no
 * offline queue, so a ping during an outage fails at once instead of waiting for the reconnect.
 */
export const createReadiness = (deps: {
  pingDatabase: () => Promise<void>;
  checkStorage: () => Promise<void>;
  redisUrl?: string;
}) => {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    : null;
  redis?.on('error', () => undefined); // reported by the check itself
  const probes: Record<string, () => Promise<unknown>> = {
    database: deps.pingDatabase,
    storage: deps.checkStorage,
    ...(redis
      ? {
          redis: async () => {
            if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
            await redis.ping();
          },
        }
      : {}),
  };
  return {
    async check(): Promise<Readiness> {
      const entries = await Promise.all(
        Object.entries(probes).map(async ([name, probe]) => {
          try {
            await withTimeout(probe(), name);
            return [name, 'ok'] as const;
          } catch (error) {
            return [name, (error as Error).message || String(error)] as const;
          }
        }),
      );
      const checks = Object.fromEntries(entries);
      return { ready: entries.every(([, state]) => state === 'ok'), checks };
    },
    close: async () => {
      redis?.disconnect();
    },
  };
};
