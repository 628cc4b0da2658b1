import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createTaskNotices } from '../../platform/task-notices.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { createVoiceEngines } from './engines.js';
import { registerVoiceJobs } from './voice.jobs.js';
import { createVoiceRepositories } from './voice.repository.js';
import { createVoiceService } from './voice.service.js';
import { createCueTranslator } from './text/translate-cues.js';

/**
 * Dubbing's and subtitles' services, built once per process: the engines, gold holds, the repositories (the
 * service's and the jobs') and the voice service.
 */
export const createVoiceModule = (platform: Platform) => {
  const engines = createVoiceEngines(platform.config, platform.metrics);
  const holds = createGoldHolds(platform.clock);
  const store = createVoiceRepositories(platform.db);
  const service = createVoiceService({
    aigc: platform.aigc,
    store,
    db: platform.db,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    censor: platform.censor,
    engines,
    holds,
    translator: createCueTranslator(platform.providers.text, platform.config.AI_TEXT_TIMEOUT_MS * 4),
  });
  return { engines, holds, store, service };
};
export type VoiceModule = ReturnType<typeof createVoiceModule>;

/** Dubbing and subtitles: job handlers (they run wherever the job runner runs them) and routes. */
export const voiceModule = defineModule({
  name: 'voice',
  create: createVoiceModule,
  jobs: (runner, { engines, holds, store, service }, platform) =>
    registerVoiceJobs({
      store,
      db: platform.db,
      clock: platform.clock,
      jobs: runner,
      storage: platform.storage,
      engines,
      holds,
      service,
      publicBaseUrl: platform.config.PUBLIC_BASE_URL,
      notices: createTaskNotices(platform.notify, platform.log),
      aigc: platform.aigc,
    }),
  routes: async (app, { service }, platform) =>
    (await import('./voice.routes.js')).registerVoiceRoutes(app, {
      service,
      storage: platform.storage,
      dataDir: platform.dataDir,
    }),
});
