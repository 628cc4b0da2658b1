import { drawJobType, drawSizeOf, type DrawRatio, type DrawStyle } from '@app/contract';
import { PermanentJobError, type JobContext, type JobRunner, type JobView } from '../../platform/jobs/job-runner.js';
import { createDrawingHolds } from './drawing.hold.js';
import type { DrawJobPayload } from './drawing.payload.js';
import type { DrawingDeps } from './drawing.service.js';
import type { StoredDrawImage } from './drawing.table.js';
import { DrawEngineError } from './engines/image-engine.js';
import { storePicture } from './stored-picture.js';
import { screenGenerated } from './picture-screening.js';

/**
 * The `ai_draw` job: draw on the engine, store the pictures, then mark the task succeeded and capture its gold in
 * one transaction. A job that fails, is canceled or times out has its task ended and its gold released when the
 * runner reports it (and, should this process die in between, when the owner next reads the task).
 */
export const createDrawJobs = (deps: DrawingDeps) => {
  const repo = deps.store.repos.tasks;
  const { storage, clock, engine } = deps;
  const hold = createDrawingHolds(deps.gold).task;

  /**
   * Ends a task that did not succeed and gives its gold back, once (both steps are conditional); the one call
   * that ended a failed task tells its owner, after the commit, where it stopped and what gold went back.
   */
  const settleEnded = async (
    taskId: number,
    tenantId: number,
    status: 'failed' | 'canceled',
    error: string | null,
    stage: string | null = null,
  ) => {
    const task = await repo.get(taskId);
    const settled = await deps.db.transaction(async (tx) => {
      if (!(await repo.markEnded(tx, taskId, status, error, clock.now()))) return null;
      return { released: await hold.release(tx, { tenantId, id: taskId }) };
    });
    if (settled && task && status === 'failed')
      await deps.notices?.(tenantId, task.userId, {
        kind: 'drawing',
        taskId,
        name: task.prompt,
        succeeded: false,
        stage,
        goldReturned: settled.released ? task.cost : 0,
      });
  };

  /** The job handler: draw, store, then mark succeeded and capture the gold in one transaction. */
  const runTask = async (job: JobView, ctx: JobContext) => {
    const { taskId, sourceKey } = job.payload as DrawJobPayload;
    const task = await repo.get(taskId);
    if (!task || task.status !== 'queued' || task.deletedAt) return { taskId, skipped: true };
    const readPrivate = async (key: string) => {
      const file = await storage.read(key, 'private');
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    // Picture to picture: the source was checked as the owner's when the task was accepted; it may be gone since.
    const sourceImage = sourceKey && engine.usesSourceImage ? await readPrivate(sourceKey) : null;
    if (sourceKey && engine.usesSourceImage && !sourceImage)
      throw new PermanentJobError('draw_source_not_found');
    const roleRows =
      task.roleImageIds.length && engine.usesRoleImages
        ? await repo.roleImages(task.tenantId, task.userId, task.roleImageIds)
        : [];
    const roleImages: Buffer[] = [];
    for (const role of roleRows) {
      const data = await readPrivate(role.storageKey);
      if (data) roleImages.push(data);
    }
    let images: Buffer[];
    try {
      images = await engine.draw(
        {
          prompt: task.prompt,
          negativePrompt: task.negativePrompt,
          style: task.style as DrawStyle,
          ratio: task.ratio as DrawRatio,
          ...drawSizeOf(task.ratio as DrawRatio),
          count: task.count,
          seed: task.seed,
          roleImages,
          sourceImage,
        },
        {
          signal: ctx.signal,
          progress: (percent, stage) => ctx.progress(percent, stage),
          providerTaskId: task.providerTaskId,
          rememberTaskId: (id) => repo.setProviderTaskId(task.id, id, clock.now()),
        },
      );
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof DrawEngineError) {
        // Retry only what failed before the provider produced anything (no provider task yet).
        const fresh = await repo.get(task.id);
        if (error.retryable && !fresh?.providerTaskId) throw new Error(error.message);
        throw new PermanentJobError(error.message);
      }
      throw error;
    }
    if (!images.length) throw new PermanentJobError('draw_provider_error: no images');
    // Scored before anything is kept: a picture at the block threshold fails the task (gold back, nothing kept).
    const flags = await screenGenerated(deps.screenPicture, task.tenantId, images);
    await ctx.progress(95, 'saving');
    const stored: StoredDrawImage[] = [];
    for (const [index, data] of images.entries())
      stored.push(
        await storePicture(storage, task, data, false, {
          signer: deps.aigc,
          source: { kind: 'draw', tenantId: task.tenantId, userId: task.userId, taskId: task.id, index, at: clock.now() },
          // The offline engine drew "AI生成" merged with its own stamp; a provider's picture gets it here.
          stamp: !engine.offline,
        }, flags[index]),
      );
    const kept = await deps.db.transaction(async (tx) => {
      if (!(await repo.markSucceeded(tx, task.id, stored, clock.now()))) return false;
      await hold.capture(tx, task);
      return true;
    });
    if (!kept) {
      // Canceled or deleted while drawing: the pictures are nobody's.
      for (const image of stored)
        for (const key of [image.key, image.thumbKey])
          await storage.remove(key, 'private').catch(() => undefined);
    } else {
      await deps.notices?.(task.tenantId, task.userId, {
        kind: 'drawing',
        taskId: task.id,
        name: task.prompt,
        succeeded: true,
      });
    }
    return { taskId: task.id, images: stored.length };
  };

  /** The handler and its settling of failed or canceled jobs, on a runner (the module's `jobs`). */
  const register = (runner: JobRunner) => {
    runner.register(drawJobType, runTask, { timeoutMs: engine.timeoutMs, maxAttempts: 3, backoffMs: 2000 });
    runner.onEvent((event) => {
      if (event.type !== drawJobType || (event.state !== 'failed' && event.state !== 'canceled')) return;
      void (async () => {
        const task = await repo.findByJob(event.jobId);
        if (task)
          await settleEnded(
            task.id,
            task.tenantId,
            event.state as 'failed' | 'canceled',
            event.error,
            event.stage,
          );
      })().catch((error: unknown) =>
        deps.log.error({ err: error, jobId: event.jobId }, 'drawing: settle failed'),
      );
    });
  };

  return { runTask, settleEnded, register };
};
