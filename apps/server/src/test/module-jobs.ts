import type { PlatformJobs } from '../platform/jobs/recurring.js';
import type { ModuleDefinition } from '../platform/module.js';
import type { Platform } from '../platform/platform.js';

/**
 * A module's jobs on another runner sharing the app's database, its services built afresh as another worker
 * process builds them (tests of a worker taking over, or of handlers with engines of the test's choosing).
 * For modules that need no other module. Answers the runner.
 */
export const moduleJobsOn = <Services>(
  definition: ModuleDefinition<Services, Record<never, never>>,
  platform: Platform,
  runner: PlatformJobs,
): PlatformJobs => {
  definition.jobs?.(runner, definition.create(platform, {}), platform);
  return runner;
};
