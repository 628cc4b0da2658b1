import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlatformJobs } from '../../platform/jobs/recurring.js';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createImageEngine, type ImageEngine } from '../drawing/index.js';
import { createVoiceEngines } from '../voice/index.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { registerVideoJobs } from './video.jobs.js';
import { createTaskNotices } from '../../platform/task-notices.js';
import { createVideoRepositories } from './video.repository.js';
import { createVideoService } from './video.service.js';
import { createStoryboardService } from './storyboard.service.js';
import { registerStoryboardJobs } from './storyboard.jobs.js';
import { createVideoSpeaker } from './video-speaker.js';
import { createScoreAudio } from './music/score-audio.js';
import { instrumentEngine } from '../../platform/metrics/metrics.js';

/**
 * Whether the drawing engine can draw a scene picture here, asked once: a provider is configured (its failures
 * are then the task's, reported by stage); the built-in offline engine is tried on one scene picture (it needs
 * sharp's native image library, which may be missing from a stripped install).
 */
export const drawingProbe = (
  painter: Pick<ImageEngine, 'offline' | 'draw'>,
  warn: (message: string) => void,
) => {
  let answer: Promise<boolean> | null = null;
  const probe = async () => {
    if (!painter.offline) return true;
    try {
      const [image] = await painter.draw(
        {
          prompt: '试画',
          negativePrompt: null,
          style: 'none',
          ratio: '9:16',
          width: 576,
          height: 1024,
          count: 1,
          seed: 1,
          roleImages: [],
        },
        {
          signal: AbortSignal.timeout(30_000),
          progress: async () => undefined,
          providerTaskId: null,
          rememberTaskId: async () => undefined,
        },
      );
      return !!image?.length;
    } catch (error) {
      warn(
        `AI video: the drawing engine cannot draw here (${error instanceof Error ? error.message : String(error)})`,
      );
      return false;
    }
  };
  return () => (answer ??= probe());
};

/** Where the build rendered the project's music (dist/music; absent when running from the sources). */
const BUILT_MUSIC_DIR = fileURLToPath(new URL('../../music/', import.meta.url));

/**
 * AI video's services, built once per process: its repositories (also the jobs'), the painter and speaker of
 * scenes, the video and storyboard services.
 */
export const createVideoModule = (platform: Platform, { moderation }: { moderation: ModerationModule }) => {
  const store = createVideoRepositories(platform.db);
  const scoreAudio = createScoreAudio({
    builtDir: BUILT_MUSIC_DIR,
    cacheDir: path.join(platform.dataDir, 'cache', 'music'),
  });
  const painter = instrumentEngine(platform.metrics, 'drawing', createImageEngine(platform.config), ['draw']);
  const drawAvailable = drawingProbe(painter, (message) => platform.log.warn(message));
  const speaker = createVideoSpeaker({
    db: platform.db,
    engines: createVoiceEngines(platform.config, platform.metrics),
  });
  const service = createVideoService({
    db: platform.db,
    store,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    censor: platform.censor,
    speaker,
    cacheDir: path.join(platform.dataDir, 'cache', 'video-bgm'),
    scoreAudio,
    drawAvailable,
  });
  const storyboard = createStoryboardService({
    db: platform.db,
    store,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    censor: platform.censor,
    video: service,
    drawAvailable,
  });
  return { store, speaker, service, painter, scoreAudio, storyboard, moderation };
};

export type VideoModule = ReturnType<typeof createVideoModule>;

/**
 * The render and storyboard jobs and the sweeps on a runner: the platform's (API process or `npm run worker`),
 * or another one sharing the database (tests of a worker taking over).
 */
const registerVideoWorkerJobs = (jobs: PlatformJobs, parts: VideoModule, platform: Platform) => {
  registerVideoJobs({
    aigc: platform.aigc,
    db: platform.db,
    store: parts.store,
    jobs,
    storage: platform.storage,
    censor: platform.censor,
    speaker: parts.speaker,
    painter: parts.painter,
    service: parts.service,
    workRoot: path.join(platform.dataDir, 'tmp'),
    clock: platform.clock,
    scoreAudio: parts.scoreAudio,
    notices: createTaskNotices(platform.notify, platform.log),
  });
  registerStoryboardJobs({
    store: parts.store,
    jobs,
    storage: platform.storage,
    speaker: parts.speaker,
    painter: parts.painter,
    workRoot: path.join(platform.dataDir, 'tmp'),
    aigc: platform.aigc,
    screenPicture: (tenantId, image) => parts.moderation.screen(tenantId, image),
  });
};

/** AI video: routes, the render and storyboard jobs and the sweeps (the jobs run wherever the runner runs them). */
export const videoModule = defineModule({
  name: 'video',
  needs: { moderation: moderationModule },
  create: createVideoModule,
  jobs: registerVideoWorkerJobs,
  routes: async (app, { service, storyboard }) =>
    (await import('./video.routes.js')).registerVideoRoutes(app, service, storyboard),
});
