import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { createTaskNotices } from '../../platform/task-notices.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { createVoiceEngines } from './engines.js';
import { registerVoiceJobs } from './voice.jobs.js';
import { registerVoiceRoutes } from './voice.routes.js';
import { createVoiceService } from './voice.service.js';
import { createCueTranslator } from './text/translate-cues.js';

/** Routes and job handlers of dubbing and subtitles (the handlers run wherever the job runner runs them). */
export const registerVoiceModule = (app: FastifyInstance, platform: Platform) => {
  const engines = createVoiceEngines(platform.config, platform.metrics);
  const walletHolds = createGoldHolds(platform.clock);
  const service = createVoiceService({
    db: platform.db,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    censor: platform.censor,
    engines,
    holds: walletHolds,
    translator: createCueTranslator(platform.providers.text, platform.config.AI_TEXT_TIMEOUT_MS * 4),
  });
  registerVoiceJobs({
    db: platform.db,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    engines,
    holds: walletHolds,
    service,
    publicBaseUrl: platform.config.PUBLIC_BASE_URL,
    notices: createTaskNotices(platform.notify, platform.log),
  });
  registerVoiceRoutes(app, {
    service,
    storage: platform.storage,
    clock: platform.clock,
    dataDir: platform.dataDir,
  });
};
