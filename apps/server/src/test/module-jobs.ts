import type { PlatformJobs } from '../platform/jobs/recurring.js';
import type { AnyModuleDefinition, ModuleDefinition, ModuleNeeds } from '../platform/module.js';
import type { Platform } from '../platform/platform.js';

/** A module's services built afresh, with the modules it needs built afresh too (as another process builds them). */
const servicesOf = (definition: AnyModuleDefinition, platform: Platform): unknown => {
  const deps = Object.fromEntries(
    Object.entries(definition.needs as ModuleNeeds).map(([key, need]) => [key, servicesOf(need, platform)]),
  );
  return definition.create(platform, deps);
};

/**
 * A module's jobs on another runner sharing the app's database, its services built afresh as another worker
 * process builds them (tests of a worker taking over, or of handlers with engines of the test's choosing).
 * Answers the runner.
 */
export const moduleJobsOn = <Services, Needs extends ModuleNeeds>(
  definition: ModuleDefinition<Services, Needs>,
  platform: Platform,
  runner: PlatformJobs,
): PlatformJobs => {
  definition.jobs?.(runner, servicesOf(definition, platform) as Services, platform);
  return runner;
};
