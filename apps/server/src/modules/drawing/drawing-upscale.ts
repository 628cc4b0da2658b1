import {
  DRAW_UPLOAD_ENGINE,
  DRAW_UPSCALE_MAX_SIDE,
  drawUpscaleJobType,
  type DrawVersion,
  type JobState,
  type Locale,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import {
  PermanentJobError,
  type JobContext,
  type JobRunner,
  type JobView,
} from '../../platform/jobs/job-runner.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { GoldHoldsPort } from '../../platform/wallet/task-hold.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { DrawingRepositories, DrawingRepository } from './drawing.repository.js';
import { type DrawVersionsRepository, type DrawVersionView } from './drawing-versions.repository.js';
import { drawErrorId } from './drawing-error-id.js';
import { screenGenerated, type ScreenPicture } from './picture-screening.js';
import { createDrawingHolds } from './drawing.hold.js';
import type { UpscaleJobPayload } from './drawing.payload.js';
import { DrawEngineError } from './engines/image-engine.js';
import type { Upscaler } from './upscale/upscaler.js';
import { storePicture } from './stored-picture.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';

/** Why a version that never reached the queue failed. */
const QUEUE_UNAVAILABLE = 'draw_provider_error: queue unavailable';

export interface UpscaleDeps {
  db: Db;
  store: DrawingRepositories;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
  jobs: JobRunner;
  gold: GoldHoldsPort;
  upscaler: Upscaler;
  /** Gold per upscale (app_config prices.goldPerUpscale). */
  goldPerUpscale(tenantId: number): Promise<number>;
  aigc: AigcSigner;
  /** The moderation's screen of each upscaled picture before it is delivered. */
  screenPicture?: ScreenPicture;
}

const readAll = async (storage: FileStorage, key: string): Promise<Buffer | null> => {
  const file = await storage.read(key, 'private');
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** An upscaled version as the work's detail shows it (public links once the work is in the hall). */
const toDto = (
  storage: Pick<FileStorage, 'urlFor'>,
  row: DrawVersionView,
  published: boolean,
  locale: Locale,
): DrawVersion => {
  const ended = row.status !== 'queued';
  const status = (ended ? row.status : (row.jobState ?? 'queued')) as JobState;
  const error = drawErrorId(row.error ?? row.jobError, status);
  const visibility = published ? 'public' : 'private';
  return {
    id: row.id,
    jobId: row.jobId,
    imageIndex: row.imageIndex,
    scale: row.scale,
    status,
    progress: status === 'succeeded' ? 100 : Math.max(0, Math.min(100, row.jobProgress ?? 0)),
    engine: row.engine,
    offline: row.offline,
    image: row.image
      ? {
          url: storage.urlFor(row.image.key, visibility),
          thumbUrl: storage.urlFor(row.image.thumbKey, visibility),
          width: row.image.width,
          height: row.image.height,
        }
      : null,
    cost: row.cost,
    error,
    errorMessage: error ? translate(locale, error) : null,
    createTime: row.createdAt.toISOString(),
  };
};

/** The job handler: upscale, store, then mark succeeded and capture the gold in one transaction. */
const upscaleHandler =
  (
    deps: UpscaleDeps,
    versions: DrawVersionsRepository,
    tasks: DrawingRepository,
    hold: ReturnType<typeof createDrawingHolds>['upscale'],
  ) =>
  async (job: JobView, ctx: JobContext) => {
    const { storage, clock, upscaler } = deps;
    const { taskId: versionId } = job.payload as UpscaleJobPayload;
    const version = await versions.get(versionId);
    if (!version || version.status !== 'queued') return { versionId, skipped: true };
    const task = await tasks.get(version.taskId);
    const source = task && !task.deletedAt ? task.images[version.imageIndex] : undefined;
    const bytes = source ? await readAll(storage, source.key) : null;
    if (!task || !bytes) throw new PermanentJobError('draw_task_not_found');
    let upscaled: Buffer;
    try {
      upscaled = await upscaler.upscale(bytes, version.scale, {
        signal: ctx.signal,
        progress: (percent, stage) => ctx.progress(percent, stage),
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof DrawEngineError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
    const [flag] = await screenGenerated(deps.screenPicture, task.tenantId, [upscaled]);
    await ctx.progress(95, 'saving');
    // Public too when the work is in the hall (unless the moderation flagged it: then private, for review).
    const image = await storePicture(storage, task, upscaled, task.publishedAt !== null, {
      signer: deps.aigc,
      source: { kind: 'upscale', tenantId: task.tenantId, userId: task.userId, taskId: version.id, at: clock.now() },
      // A drawing's label grew with it; an upload of the user's own had none until the model redrew it.
      stamp: task.engine === DRAW_UPLOAD_ENGINE,
    }, flag ?? null);
    const kept = await deps.db.transaction(async (tx) => {
      if (!(await versions.markSucceeded(tx, version.id, image, clock.now()))) return false;
      await hold.capture(tx, { tenantId: task.tenantId, id: version.id });
      return true;
    });
    if (!kept)
      for (const key of [image.key, image.thumbKey])
        await storage.remove(key, 'private').catch(() => undefined);
    return { versionId: version.id, width: image.width, height: image.height };
  };

/**
 * 高清放大: an upscale of one picture of a finished work, run as the `ai_draw_upscale` job (the offline ESRGAN
 * model in a worker thread, or SD WebUI's extras) and kept as a new version of the work. Gold is held on accept,
 * captured with the success and given back otherwise, like drawing.
 */
export const createDrawingUpscale = (deps: UpscaleDeps) => {
  const { tasks, versions } = deps.store.repos;
  const { storage, clock, upscaler } = deps;
  const hold = createDrawingHolds(deps.gold).upscale;

  const settleEnded = async (
    versionId: number,
    tenantId: number,
    status: 'failed' | 'canceled',
    error: string | null,
  ) => {
    await deps.db.transaction(async (tx) => {
      if (!(await versions.markEnded(tx, versionId, status, error, clock.now()))) return;
      await hold.release(tx, { tenantId, id: versionId });
    });
  };

  /**
   * Ends the user's versions that a dead process left behind: a job that ended badly with nobody there to settle
   * it, or no job at all past the grace period (linked when its job was enqueued after all). Their gold goes back.
   */
  const settleLeftovers = async ({ tenantId, uid }: Actor) => {
    const graceStart = unqueuedGraceStart(clock.now());
    for (const row of await versions.unsettled(tenantId, uid)) {
      if (row.jobState === 'failed' || row.jobState === 'canceled')
        await settleEnded(row.id, tenantId, row.jobState, row.jobError);
      else if (row.jobId === null && row.createdAt < graceStart) await linkOrFail(row.id, tenantId);
    }
  };

  /** A version without a job past the grace: linked to its job when one was enqueued after all, else failed. */
  const linkOrFail = async (versionId: number, tenantId: number): Promise<boolean> => {
    const jobId = await jobOfTask(deps.db, drawUpscaleJobType, versionId);
    if (jobId) {
      await versions.setJob(versionId, jobId, clock.now());
      return false;
    }
    await settleEnded(versionId, tenantId, 'failed', QUEUE_UNAVAILABLE);
    return true;
  };

  const runVersion = upscaleHandler(deps, versions, tasks, hold);

  /** The upscale handler and its settling of failed or canceled jobs, on a runner (the module's `jobs`). */
  const register = (runner: JobRunner) => {
    runner.register(drawUpscaleJobType, runVersion, {
      timeoutMs: upscaler.timeoutMs,
      maxAttempts: 2,
      backoffMs: 2000,
    });
    runner.onEvent((event) => {
      if (event.type !== drawUpscaleJobType || (event.state !== 'failed' && event.state !== 'canceled'))
        return;
      void (async () => {
        const version = await versions.findByJob(event.jobId);
        if (version)
          await settleEnded(version.id, version.tenantId, event.state as 'failed' | 'canceled', event.error);
      })().catch((error: unknown) =>
        deps.log.error({ err: error, jobId: event.jobId }, 'drawing: upscale settle failed'),
      );
    });
  };

  return {
    versions,
    runVersion,
    register,

    /** The recurring sweep's part for upscales: versions left without a job (answers how many failed). */
    async sweepUnqueued(now: Date): Promise<number> {
      let failed = 0;
      for (const row of await versions.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH))
        if (await linkOrFail(row.id, row.tenantId)) failed += 1;
      return failed;
    },

    /** The versions of a task as its viewer may see them: the owner all, others the finished ones. */
    async versionsOf(
      taskId: number,
      published: boolean,
      mine: boolean,
      locale: Locale,
    ): Promise<DrawVersion[]> {
      const rows = await versions.ofTasks([taskId]);
      return rows
        .filter((row) => mine || row.status === 'succeeded')
        .map((row) => toDto(storage, row, published, locale));
    },

    /** Accepts an upscale of picture `imageIndex` of my finished work: holds the gold and queues the job. */
    async request(owner: Actor, input: { id: number; imageIndex: number; scale: number }) {
      const { tenantId, uid: userId } = owner;
      const task = await tasks.get(input.id);
      if (!task || task.tenantId !== tenantId || task.userId !== userId || task.deletedAt)
        throw notFound('draw_task_not_found');
      if (task.status !== 'succeeded') throw badRequest('draw_not_finished');
      const image = task.images[input.imageIndex];
      if (!image) throw notFound('draw_task_not_found');
      if (Math.max(image.width, image.height) * input.scale > DRAW_UPSCALE_MAX_SIDE)
        throw new AppError(400, 'draw_upscale_too_large', { max: DRAW_UPSCALE_MAX_SIDE });
      await settleLeftovers(owner);
      const cost = await deps.goldPerUpscale(tenantId);
      const now = clock.now();
      const version = await deps.db.transaction(async (tx) => {
        // One upscale at a time per user: it takes a core for seconds to minutes.
        if (await versions.hasActive(tx, tenantId, userId)) throw new AppError(429, 'draw_upscale_busy');
        const row = await versions.insert(tx, {
          tenantId,
          userId,
          taskId: task.id,
          imageIndex: input.imageIndex,
          scale: input.scale,
          engine: upscaler.name,
          offline: upscaler.offline,
          cost,
          createdAt: now,
          updatedAt: now,
        });
        await hold.place(tx, row, cost);
        return row;
      });
      try {
        const job = await deps.jobs.enqueue(
          drawUpscaleJobType,
          { taskId: version.id } satisfies UpscaleJobPayload,
          { tenantId, userId, timeoutMs: upscaler.timeoutMs },
        );
        await versions.setJob(version.id, job.id, clock.now());
      } catch (error) {
        await settleEnded(version.id, tenantId, 'failed', QUEUE_UNAVAILABLE);
        throw error;
      }
      return version;
    },
  };
};
export type DrawingUpscale = ReturnType<typeof createDrawingUpscale>;
