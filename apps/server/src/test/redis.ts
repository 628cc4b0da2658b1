import { Redis } from 'ioredis';

/** The Redis server tests use (CI and the shared machine run one on port 56379). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:56379';

/** Whether the test Redis server answers (tests that need it are skipped when it does not). */
export const redisAnswers = async () => {
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
