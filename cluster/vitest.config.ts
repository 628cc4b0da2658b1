import { defineConfig } from 'vitest/config';

/**
 * The cluster suite (`npm run test:cluster`): the built server as separate OS processes (two API processes, job
 * workers) on PostgreSQL, Redis and an S3-compatible server (s3rver). Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.cluster.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
