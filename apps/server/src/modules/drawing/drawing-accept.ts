import { randomInt } from 'node:crypto';
import {
  drawJobType,
  DRAW_UPLOAD_ENGINE,
  type DrawImagineRequest,
  type DrawRatio,
  type DrawSource,
  type DrawStyle,
  type DrawTask,
} from '@app/contract';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { checkTaskLimit } from '../../platform/jobs/task-limits.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import { createDrawingHolds } from './drawing.hold.js';
import type { DrawJobPayload } from './drawing.payload.js';
import type { createDrawJobs } from './drawing.jobs.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { DrawingParts } from './drawing.service.js';
import type { DrawingViews } from './drawing-views.js';

/** Why a task that never reached the queue failed. */
const QUEUE_UNAVAILABLE = 'draw_provider_error: queue unavailable';

/** Seeds are 0 … 2^31 − 2; a variation's seed is at most this far from its source's. */
const SEED_LIMIT = 2_147_483_647;
const VARIATION_SEED_SPREAD = 1000;

/** Members' tasks are claimed before others' (job priority). */
const MEMBER_PRIORITY = 10;

type Parts = Pick<DrawingParts, 'engine' | 'censor' | 'repo'>;

/** The prompt and role images of a request, checked (length, censor, the caller's own role images). */
const checkRequest = async (parts: Parts, tenantId: number, userId: number, body: DrawImagineRequest) => {
  const prompt = body.prompt.trim();
  const negativePrompt = body.negativePrompt?.trim() || null;
  if ([...prompt].length > parts.engine.maxPromptChars)
    throw new AppError(400, 'draw_prompt_too_long', { max: parts.engine.maxPromptChars });
  const checked = await parts.censor.censorText(`${prompt}\n${negativePrompt ?? ''}`, tenantId);
  if (!checked.ok)
    throw new AppError(400, 'draw_prompt_sensitive', { words: [...new Set(checked.words)].join('、') });
  const roleImageIds = [...new Set(body.roleImageIds ?? [])];
  if (roleImageIds.length) {
    const found = await parts.repo.roleImages(tenantId, userId, roleImageIds);
    if (found.length !== roleImageIds.length) throw badRequest('draw_role_image_not_found');
  }
  return { prompt, negativePrompt, roleImageIds };
};

/** Picture to picture: the storage key of the caller's own source picture (a finished drawing or an upload). */
const sourceKeyOf = async (
  parts: Parts,
  tenantId: number,
  userId: number,
  source: DrawSource,
): Promise<string> => {
  if (!parts.engine.usesSourceImage) throw badRequest('draw_source_unsupported');
  if (source.kind === 'upload') {
    const [upload] = await parts.repo.roleImages(tenantId, userId, [source.id]);
    if (!upload) throw notFound('draw_source_not_found');
    return upload.storageKey;
  }
  const drawing = await parts.repo.get(source.id);
  const image =
    drawing &&
    drawing.tenantId === tenantId &&
    drawing.userId === userId &&
    !drawing.deletedAt &&
    drawing.status === 'succeeded'
      ? drawing.images[source.index]
      : undefined;
  if (!image) throw notFound('draw_source_not_found');
  return image.key;
};

/** Drawing tasks accepted: checked, written with their gold held, queued; and tasks that never reached the queue. */
export const createDrawingAccept = (
  deps: DrawingParts,
  parts: {
    settleEnded: ReturnType<typeof createDrawJobs>['settleEnded'];
    views: Pick<DrawingViews, 'toDto'>;
  },
) => {
  const { repo, clock, engine } = deps;
  const hold = createDrawingHolds(deps.gold).task;

  /**
   * Accepts a task (censored, gold held, job queued); `remixOf` is the published work it remixes. A member's
   * (VIP) task runs before others'.
   */
  const accept = async (owner: Actor, body: DrawImagineRequest): Promise<DrawTask> => {
    const { tenantId, uid: userId, vip: member, locale } = owner;
    const { prompt, negativePrompt, roleImageIds } = await checkRequest(deps, tenantId, userId, body);
    const sourceKey = body.source ? await sourceKeyOf(deps, tenantId, userId, body.source) : null;
    const cost = (await deps.goldPerImage(tenantId)) * body.count;
    const now = clock.now();
    const limits = await deps.taskLimits(tenantId);
    // 一键同款 counts on a work still in the hall (anyone's, mine included).
    const source = body.remixOf ? await repo.view(tenantId, body.remixOf, null) : undefined;
    if (body.remixOf && !source?.publishedAt) throw badRequest('draw_remix_source_not_found');
    const task = await deps.db.transaction(async (tx) => {
      await checkTaskLimit(tx, {
        tenantId,
        userId,
        capability: 'drawing',
        jobType: drawJobType,
        limits,
        now,
        unqueued: () => repo.unqueuedSince(tx, tenantId, userId, unqueuedGraceStart(now)),
      });
      const row = await repo.insert(tx, {
        tenantId,
        userId,
        prompt,
        negativePrompt,
        style: body.style,
        ratio: body.ratio,
        count: body.count,
        seed: body.seed ?? randomInt(0, SEED_LIMIT),
        roleImageIds,
        engine: engine.name,
        offline: engine.offline,
        cost,
        remixOf: source?.id ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (source) await repo.countRemix(tx, source.id);
      await hold.place(tx, row, cost);
      return row;
    });
    try {
      const job = await deps.jobs.enqueue(
        drawJobType,
        // The source travels with the job (a storage key of the owner's), not in the task's columns.
        (sourceKey ? { taskId: task.id, sourceKey } : { taskId: task.id }) satisfies DrawJobPayload,
        { tenantId, userId, timeoutMs: engine.timeoutMs, priority: member ? MEMBER_PRIORITY : 0 },
      );
      await repo.setJob(deps.db, task.id, job.id, clock.now());
    } catch (error) {
      await parts.settleEnded(task.id, tenantId, 'failed', QUEUE_UNAVAILABLE, 'queued');
      throw error;
    }
    return parts.views.toDto((await repo.view(tenantId, task.id, userId))!, userId, locale);
  };

  return {
    imagine: accept,

    /**
     * Draws my work again with its prompt, style, ratio, count and role images: a variation with a nearby seed
     * (close to the original on seed-stable engines), or a reroll with a new random one.
     */
    async variation(owner: Actor, body: { id: number; mode: 'variation' | 'reroll' }): Promise<DrawTask> {
      const { tenantId, uid: userId } = owner;
      const source = await repo.view(tenantId, body.id, userId);
      if (!source || source.userId !== userId) throw notFound('draw_task_not_found');
      if (source.engine === DRAW_UPLOAD_ENGINE) throw badRequest('draw_upload_only_upscale');
      const seed =
        body.mode === 'variation'
          ? (source.seed + randomInt(1, VARIATION_SEED_SPREAD + 1)) % SEED_LIMIT
          : randomInt(0, SEED_LIMIT);
      const again = {
        prompt: source.prompt,
        negativePrompt: source.negativePrompt ?? undefined,
        style: source.style as DrawStyle,
        ratio: source.ratio as DrawRatio,
        count: source.count,
        roleImageIds: source.roleImageIds.length ? source.roleImageIds : undefined,
        seed,
        remixOf: source.remixOf ?? undefined,
      };
      return accept(owner, again);
    },

    /** Tasks accepted (gold held) whose process died before their job was linked (answers how many failed). */
    async sweepUnqueued(now: Date): Promise<number> {
      let failed = 0;
      for (const task of await repo.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH)) {
        const jobId = await jobOfTask(deps.db, drawJobType, task.id);
        if (jobId) {
          await repo.setJob(deps.db, task.id, jobId, now);
          continue;
        }
        await parts.settleEnded(task.id, task.tenantId, 'failed', QUEUE_UNAVAILABLE, 'queued');
        failed += 1;
      }
      return failed;
    },
  };
};
