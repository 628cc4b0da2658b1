import { defineConfig } from 'vitest/config';

/** Browser journeys: run by scripts/run-e2e.mjs against a started server, one file at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
