import { defineConfig } from 'vitest/config';

/** Browser journeys: run by scripts/run-e2e.mjs against a started server, one file at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    // run-e2e.mjs names one file exactly (a command-line filter is a substring: chat.e2e.ts would also run
    // first-day-chat.e2e.ts against the same server).
    include: [process.env.E2E_INCLUDE ?? '**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
