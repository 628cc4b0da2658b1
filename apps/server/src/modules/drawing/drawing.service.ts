import { drawRatios, drawStyles, drawUpscaleScales, type DrawOptions } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import './drawing.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { TaskLimits } from '../../platform/jobs/task-limits.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { TaskNotices } from '../../platform/task-notices.js';
import type { GoldHoldsPort } from '../../platform/wallet/task-hold.js';
import type { ImageEngine } from './engines/image-engine.js';
import { createDrawingAccept } from './drawing-accept.js';
import { createDrawJobs } from './drawing.jobs.js';
import type { DrawingRepositories, DrawingRepository } from './drawing.repository.js';
import type { Actor } from '../../platform/identity/actor.js';
import { createDrawingUpscale } from './drawing-upscale.js';
import { createDrawingViews } from './drawing-views.js';
import { createDrawingWorks } from './drawing-works.js';
import type { Upscaler } from './upscale/upscaler.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import type { ScreenPicture } from './picture-screening.js';

export interface DrawingDeps {
  /** The database, for the platform's parts (task limits, the jobs table, gold holds). */
  db: Db;
  /** Drawing's repositories, made once by the module's definition. */
  store: DrawingRepositories;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
  censor: Pick<CensorService, 'censorText'>;
  jobs: JobRunner;
  engine: ImageEngine;
  /** Gold holds of the wallet (platform/wallet): reserve on accept, capture on success, release otherwise. */
  gold: GoldHoldsPort;
  /** Gold per image (app_config prices.goldPerImage). */
  goldPerImage(tenantId: number): Promise<number>;
  /** 高清放大: the offline ESRGAN model or the provider's upscaler. */
  upscaler: Upscaler;
  /** Gold per upscale (app_config prices.goldPerUpscale). */
  goldPerUpscale(tenantId: number): Promise<number>;
  /** Per-user limits of active AI tasks (app_config taskLimits). */
  taskLimits(tenantId: number): Promise<TaskLimits>;
  /** Translator of toEnglish: the configured text provider or the offline dictionary. */
  toEnglish(text: string): Promise<{ text: string; engine: string; offline: boolean }>;
  /** Tells the owner in the message centre when a task succeeds or fails (after its commit). */
  notices?: TaskNotices;
  /** Signs the hidden AI label of every picture drawn or upscaled. */
  aigc: AigcSigner;
  /** The moderation's screen of every picture drawn or upscaled, before it is delivered (none: not screened). */
  screenPicture?: ScreenPicture;
}

/** What the parts of the service share: its dependencies and the tasks' repository. */
export type DrawingParts = DrawingDeps & { repo: DrawingRepository };

/**
 * AI drawing, composed of its parts: the job handlers (drawing and upscaling), the views of tasks and the hall,
 * tasks accepted under a gold hold, and a finished work's life (publish, like, upscale, import, delete).
 */
export const createDrawingService = (deps: DrawingDeps) => {
  const { engine } = deps;
  const repo = deps.store.repos.tasks;
  const parts: DrawingParts = { ...deps, repo };
  const drawJobs = createDrawJobs(deps);
  const { runTask, settleEnded } = drawJobs;
  const upscale = createDrawingUpscale(deps);
  const views = createDrawingViews({ ...parts, upscale, settleEnded });
  const accept = createDrawingAccept(parts, { settleEnded, views });
  const works = createDrawingWorks(parts, { settleEnded, upscale, views });

  return {
    runTask,
    runVersion: upscale.runVersion,
    /** The drawing and upscale handlers on a runner: the module's `jobs` (the API's or a worker's runner). */
    registerJobs(runner: JobRunner) {
      drawJobs.register(runner);
      upscale.register(runner);
    },

    async options({ tenantId }: Actor): Promise<DrawOptions> {
      return {
        engine: engine.name,
        offline: engine.offline,
        goldPerImage: await deps.goldPerImage(tenantId),
        maxPromptChars: engine.maxPromptChars,
        roleImages: engine.usesRoleImages,
        sourceImage: engine.usesSourceImage ?? false,
        styles: [...drawStyles],
        ratios: [...drawRatios],
        goldPerUpscale: await deps.goldPerUpscale(tenantId),
        upscaleScales: [...drawUpscaleScales],
        upscaleEngine: deps.upscaler.name,
      };
    },

    imagine: accept.imagine,
    variation: accept.variation,
    composition: views.composition,
    detail: views.detail,
    page: views.page,
    weeklyRanking: views.weeklyRanking,
    remove: works.remove,
    publish: works.publish,
    like: works.like,
    importUpload: works.importUpload,
    upscale: works.upscale,

    /**
     * Tasks and upscales accepted (gold held) whose process died before their job was linked: linked to their
     * job when it was enqueued after all, else failed with their gold given back. Answers how many failed.
     */
    async sweepUnqueued(now = deps.clock.now()): Promise<number> {
      return (await accept.sweepUnqueued(now)) + (await upscale.sweepUnqueued(now));
    },

    toEnglish: (text: string) => deps.toEnglish(text),

    repo,
  };
};
export type DrawingService = ReturnType<typeof createDrawingService>;
