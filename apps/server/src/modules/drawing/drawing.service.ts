import { randomInt } from 'node:crypto';
import {
  drawJobType,
  drawRatios,
  drawSizeOf,
  drawStyles,
  type DrawComposition,
  type DrawImagineRequest,
  type DrawOptions,
  type DrawPageRequest,
  type DrawRatio,
  type DrawSource,
  type DrawStyle,
  type DrawTask,
  type DrawUpscaleScale,
  type DrawVersion,
  type DrawWeeklyRanking,
  DRAW_WEEKLY_RANKING_SIZE,
  DRAW_UPLOAD_ENGINE,
  drawUpscaleScales,
  type JobState,
  type Locale,
  type KeysetPaged,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import './drawing.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { checkTaskLimit, type TaskLimits } from '../../platform/jobs/task-limits.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { authorSummary } from '../../platform/identity/author.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { TaskNotices } from '../../platform/task-notices.js';
import type { ImageEngine } from './engines/image-engine.js';
import { composeOffline } from './engines/offline-engine.js';
import { holdRef, registerDrawJobs } from './drawing.jobs.js';
import type { DrawingRepository, DrawTaskView } from './drawing.repository.js';
import { createDrawingUpscale } from './drawing-upscale.js';
import { isoWeekOf } from './iso-week.js';
import type { Upscaler } from './upscale/upscaler.js';
import type { CheckedImage } from '../../platform/storage/image-upload.js';

/** The gold hold API (platform/wallet): reserve on accept, capture on success, release otherwise. */
export interface GoldHolds {
  reserve(
    tx: DbOrTx,
    input: {
      tenantId: number;
      userId: number;
      amount: number;
      reason: string;
      refType: string;
      refId: string;
    },
  ): Promise<unknown>;
  capture(tx: DbOrTx, ref: { tenantId: number; refType: string; refId: string }): Promise<boolean>;
  release(tx: DbOrTx, ref: { tenantId: number; refType: string; refId: string }): Promise<boolean>;
}

export interface DrawingDeps {
  db: Db;
  /** The drawing tasks' repository, made once by the module's definition. */
  repo: DrawingRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
  censor: Pick<CensorService, 'censorText'>;
  jobs: JobRunner;
  engine: ImageEngine;
  gold: GoldHolds;
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
}

/** Why a task that never reached the queue failed. */
const QUEUE_UNAVAILABLE = 'draw_provider_error: queue unavailable';

/** Seeds are 0 … 2^31 − 2; a variation's seed is at most this far from its source's. */
const SEED_LIMIT = 2_147_483_647;
const VARIATION_SEED_SPREAD = 1000;

/** Members' tasks are claimed before others' (job priority). */
export const MEMBER_PRIORITY = 10;
/** Error ids of a job that ended badly, as the page shows them. */
const taskErrorId = (error: string | null, status: JobState): string | null => {
  if (status === 'canceled') return 'draw_canceled';
  if (status !== 'failed') return null;
  if (!error) return 'draw_provider_error';
  if (error === 'timeout' || error === 'lease_expired') return 'draw_timeout';
  const id = error.split(':')[0]!;
  return id.startsWith('draw_') ? id : 'draw_provider_error';
};

export const createDrawingService = (deps: DrawingDeps) => {
  const { repo } = deps;
  const { storage, clock, engine } = deps;

  const urlOf = (key: string, published: boolean) => storage.urlFor(key, published ? 'public' : 'private');

  const toDto = (
    row: DrawTaskView,
    viewerId: number | null,
    locale: Locale,
    versions: DrawVersion[] = [],
  ): DrawTask => {
    const ended = row.status !== 'queued';
    const status = (ended ? row.status : (row.jobState ?? 'queued')) as JobState;
    const progress = status === 'succeeded' ? 100 : (row.jobProgress ?? 0);
    const error = taskErrorId(row.error ?? row.jobError, status);
    const published = row.publishedAt !== null;
    return {
      id: row.id,
      jobId: row.jobId,
      status,
      progress: Math.max(0, Math.min(100, progress)),
      stage: ended ? null : (row.jobStage ?? (status === 'queued' ? 'queued' : null)),
      prompt: row.prompt,
      negativePrompt: row.negativePrompt,
      style: row.style as DrawStyle,
      ratio: row.ratio as DrawRatio,
      count: row.count,
      seed: row.seed,
      images: row.images.map((image) => ({
        url: urlOf(image.key, published),
        thumbUrl: urlOf(image.thumbKey, published),
        width: image.width,
        height: image.height,
      })),
      versions,
      remixOf: row.remixOf,
      remixes: row.remixes,
      engine: row.engine,
      offline: row.offline,
      cost: row.cost,
      error,
      errorMessage: error ? translate(locale, error) : null,
      title: row.title,
      published,
      likes: row.likes,
      liked: row.liked,
      author: authorSummary(row.author),
      mine: viewerId === row.userId,
      createTime: row.createdAt.toISOString(),
    };
  };

  /** Settles tasks whose job ended badly while no process was there to see it (crash between the two). */
  const settleLeftovers = async (tenantId: number, userId: number) => {
    for (const row of await repo.unsettled(tenantId, userId))
      await settleEnded(row.id, row.tenantId, row.jobState as 'failed' | 'canceled', row.jobError, row.jobStage);
  };

  const viewOrThrow = async (tenantId: number, id: number, viewerId: number | null) => {
    const row = await repo.view(tenantId, id, viewerId);
    if (!row || (row.userId !== viewerId && row.publishedAt === null)) throw notFound('draw_task_not_found');
    return row;
  };

  const { runTask, settleEnded } = registerDrawJobs(deps, repo);
  const upscale = createDrawingUpscale(deps, repo);

  /** One task as its detail shows it: with its upscaled versions (lists leave them out). */
  const fullDto = async (row: DrawTaskView, viewerId: number | null, locale: Locale) =>
    toDto(
      row,
      viewerId,
      locale,
      await upscale.versionsOf(row.id, row.publishedAt !== null, row.userId === viewerId, locale),
    );

  /** Accepts a task (censored, gold held, job queued); `remixOf` is the published work it remixes. */
  const accept = async (
    tenantId: number,
    userId: number,
    member: boolean,
    body: DrawImagineRequest,
    locale: Locale,
  ): Promise<DrawTask> => {
    const prompt = body.prompt.trim();
    const negativePrompt = body.negativePrompt?.trim() || null;
    if ([...prompt].length > engine.maxPromptChars)
      throw new AppError(400, 'draw_prompt_too_long', { max: engine.maxPromptChars });
    const checked = await deps.censor.censorText(`${prompt}\n${negativePrompt ?? ''}`, tenantId);
    if (!checked.ok)
      throw new AppError(400, 'draw_prompt_sensitive', { words: [...new Set(checked.words)].join('、') });
    const roleImageIds = [...new Set(body.roleImageIds ?? [])];
    if (roleImageIds.length) {
      const found = await repo.roleImages(tenantId, userId, roleImageIds);
      if (found.length !== roleImageIds.length) throw badRequest('draw_role_image_not_found');
    }
    const sourceKey = body.source ? await sourceKeyOf(tenantId, userId, body.source) : null;
    const count = body.count;
    const cost = (await deps.goldPerImage(tenantId)) * count;
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
        count,
        seed: body.seed ?? randomInt(0, 2_147_483_647),
        roleImageIds,
        engine: engine.name,
        offline: engine.offline,
        cost,
        remixOf: source?.id ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (source) await repo.countRemix(tx, source.id);
      if (cost > 0)
        await deps.gold.reserve(tx, {
          ...holdRef(tenantId, row.id),
          userId,
          amount: cost,
          reason: 'ai_draw',
        });
      return row;
    });
    try {
      const job = await deps.jobs.enqueue(
        drawJobType,
        // The source travels with the job (a storage key of the owner's), not in the task's columns.
        sourceKey ? { taskId: task.id, sourceKey } : { taskId: task.id },
        { tenantId, userId, timeoutMs: engine.timeoutMs, priority: member ? MEMBER_PRIORITY : 0 },
      );
      await repo.setJob(deps.db, task.id, job.id, clock.now());
    } catch (error) {
      await settleEnded(task.id, tenantId, 'failed', QUEUE_UNAVAILABLE, 'queued');
      throw error;
    }
    return toDto((await repo.view(tenantId, task.id, userId))!, userId, locale);
  };

  /** Picture to picture: the storage key of the caller's own source picture (a finished drawing or an upload). */
  const sourceKeyOf = async (tenantId: number, userId: number, source: DrawSource): Promise<string> => {
    if (!engine.usesSourceImage) throw badRequest('draw_source_unsupported');
    if (source.kind === 'upload') {
      const [upload] = await repo.roleImages(tenantId, userId, [source.id]);
      if (!upload) throw notFound('draw_source_not_found');
      return upload.storageKey;
    }
    const drawing = await repo.get(source.id);
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

  return {
    runTask,
    runVersion: upscale.runVersion,

    async options(tenantId: number): Promise<DrawOptions> {
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

    imagine: accept,

    /** The offline engine's composition of a task's first picture, recomputed (the composer is deterministic). */
    async composition(tenantId: number, id: number, viewerId: number | null): Promise<DrawComposition> {
      const row = await viewOrThrow(tenantId, id, viewerId);
      if (row.engine !== 'offline') throw badRequest('draw_composition_unavailable');
      const ratio = row.ratio as DrawRatio;
      const { scene, style } = composeOffline(
        {
          prompt: row.prompt,
          negativePrompt: row.negativePrompt,
          style: row.style as DrawStyle,
          ratio,
          ...drawSizeOf(ratio),
          count: row.count,
          seed: row.seed,
          roleImages: [],
          forVideo: true,
        },
        0,
      );
      const motifs = [...new Set([...scene.matchAll(/id="motif-([a-z-]+?)(?:-\d+)?"/g)].map((m) => m[1]!))];
      return { motifs, style, svg: scene };
    },

    async detail(tenantId: number, id: number, viewerId: number | null, locale: Locale): Promise<DrawTask> {
      let row = await viewOrThrow(tenantId, id, viewerId);
      if (row.status === 'queued' && (row.jobState === 'failed' || row.jobState === 'canceled')) {
        await settleEnded(row.id, row.tenantId, row.jobState, row.jobError, row.jobStage);
        row = await viewOrThrow(tenantId, id, viewerId);
      }
      return fullDto(row, viewerId, locale);
    },

    async page(
      tenantId: number,
      viewerId: number | null,
      body: DrawPageRequest,
      locale: Locale,
    ): Promise<KeysetPaged<DrawTask>> {
      const mine = body.scope === 'mine';
      if (mine && !viewerId) throw new AppError(401, 'unauthorized');
      if (mine) await settleLeftovers(tenantId, viewerId!);
      const page = await repo.page({
        tenantId,
        viewerId,
        ownerId: mine ? viewerId! : body.userId,
        publishedOnly: !mine || body.published === true,
        privateOnly: mine && body.published === false,
        sort: body.sort,
        style: mine ? undefined : body.style,
        remixOf: mine ? undefined : body.remixOf,
        page: body.page,
        pageSize: body.pageSize,
        cursor: body.cursor,
      });
      return { ...page, items: page.items.map((row) => toDto(row, viewerId, locale)) };
    },

    /**
     * Deletes a task of mine; a queued or running one is canceled first and its gold given back. Its pictures
     * go with it: the private originals and, when it was published, the public copies the hall served (the
     * hall is the only place a drawing is shared, and it lists live tasks only).
     */
    async remove(tenantId: number, userId: number, id: number): Promise<boolean> {
      const task = await repo.softDelete(deps.db, tenantId, userId, id, clock.now());
      if (!task) throw notFound('draw_task_not_found');
      if (task.status === 'queued') {
        if (task.jobId) await deps.jobs.cancel(task.jobId, { tenantId });
        await settleEnded(task.id, tenantId, 'canceled', null);
      }
      const versions = await upscale.versions.ofTasks([task.id]);
      // An upscale still running is canceled; its gold goes back when the runner reports the cancel.
      for (const version of versions)
        if (version.status === 'queued' && version.jobId) await deps.jobs.cancel(version.jobId, { tenantId });
      try {
        for (const image of [...task.images, ...versions.flatMap((v) => (v.image ? [v.image] : []))])
          for (const key of [image.key, image.thumbKey]) {
            await storage.remove(key, 'private');
            if (task.publishedAt) await storage.backend.delete(key, 'public');
          }
      } catch (error) {
        // The task is gone for the user either way; a store that is down leaves files for an operator.
        deps.log.warn({ err: error, taskId: task.id }, 'drawing: files of a deleted task not removed');
      }
      return true;
    },

    /**
     * Tasks and upscales accepted (gold held) whose process died before their job was linked: linked to their
     * job when it was enqueued after all, else failed with their gold given back. Answers how many failed.
     */
    async sweepUnqueued(now = clock.now()): Promise<number> {
      let failed = 0;
      for (const task of await repo.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH)) {
        const jobId = await jobOfTask(deps.db, drawJobType, task.id);
        if (jobId) {
          await repo.setJob(deps.db, task.id, jobId, now);
          continue;
        }
        await settleEnded(task.id, task.tenantId, 'failed', QUEUE_UNAVAILABLE, 'queued');
        failed += 1;
      }
      return failed + (await upscale.sweepUnqueued(now));
    },

    /** Publishes a finished work: title censored, images copied to public storage, listed in the hall. */
    async publish(
      tenantId: number,
      userId: number,
      id: number,
      title: string,
      locale: Locale,
    ): Promise<DrawTask> {
      const row = await viewOrThrow(tenantId, id, userId);
      if (row.userId !== userId) throw notFound('draw_task_not_found');
      if (row.status !== 'succeeded') throw badRequest('draw_not_finished');
      if (row.engine === DRAW_UPLOAD_ENGINE) throw badRequest('draw_upload_only_upscale');
      const checked = await deps.censor.censorText(title, tenantId);
      if (!checked.ok)
        throw new AppError(400, 'draw_prompt_sensitive', { words: [...new Set(checked.words)].join('、') });
      if (!row.publishedAt) {
        for (const image of row.images) {
          for (const key of [image.key, image.thumbKey]) {
            const file = await storage.read(key, 'private');
            if (!file) throw notFound('draw_task_not_found');
            const chunks: Buffer[] = [];
            for await (const chunk of file.stream) chunks.push(chunk as Buffer);
            await storage.backend.put(key, 'public', Buffer.concat(chunks), 'image/webp');
          }
        }
        // Its finished upscaled versions go public with it.
        for (const version of await upscale.versions.ofTasks([row.id]))
          for (const key of version.image ? [version.image.key, version.image.thumbKey] : []) {
            const file = await storage.read(key, 'private');
            if (!file) continue;
            const chunks: Buffer[] = [];
            for await (const chunk of file.stream) chunks.push(chunk as Buffer);
            await storage.backend.put(key, 'public', Buffer.concat(chunks), 'image/webp');
          }
      }
      await repo.publish(id, title.trim(), clock.now());
      return fullDto((await repo.view(tenantId, id, userId))!, userId, locale);
    },

    async like(tenantId: number, userId: number, id: number, locale: Locale): Promise<DrawTask> {
      const row = await viewOrThrow(tenantId, id, userId);
      if (!row.publishedAt) throw notFound('draw_task_not_found');
      await repo.toggleLike(tenantId, id, userId, clock.now());
      return fullDto((await repo.view(tenantId, id, userId))!, userId, locale);
    },

    /** The hall's weekly ranking: this ISO week's most liked works (counters per work and week). */
    async weeklyRanking(tenantId: number, viewerId: number | null, locale: Locale): Promise<DrawWeeklyRanking> {
      const week = isoWeekOf(clock.now());
      const rows = await repo.weeklyRanking(tenantId, week, viewerId, DRAW_WEEKLY_RANKING_SIZE);
      return { week, items: rows.map((row) => ({ ...toDto(row, viewerId, locale), weekLikes: row.weekLikes })) };
    },

    /**
     * A picture of mine to upscale: kept as a finished private work (engine `upload`, no prompt, nothing
     * charged), so the detail's 高清放大 works on it like on a drawing.
     */
    async importUpload(tenantId: number, userId: number, picture: CheckedImage, locale: Locale): Promise<DrawTask> {
      const image = await upscale.storeImage(tenantId, userId, picture.data, false);
      const aspect = picture.width / picture.height;
      const ratio = [...drawRatios].sort((a, b) => {
        const of = (r: DrawRatio) => Math.abs(Math.log(drawSizeOf(r).width / drawSizeOf(r).height / aspect));
        return of(a) - of(b);
      })[0]!;
      const now = clock.now();
      const row = await repo.insert(deps.db, {
        tenantId,
        userId,
        prompt: '',
        style: 'none',
        ratio,
        count: 1,
        seed: 0,
        engine: DRAW_UPLOAD_ENGINE,
        offline: true,
        images: [image],
        status: 'succeeded',
        createdAt: now,
        updatedAt: now,
      });
      return fullDto((await repo.view(tenantId, row.id, userId))!, userId, locale);
    },

    /** 高清放大 one picture of my finished work: a new version, queued as a job. */
    async upscale(
      tenantId: number,
      userId: number,
      body: { id: number; imageIndex: number; scale: DrawUpscaleScale },
      locale: Locale,
    ): Promise<DrawTask> {
      await upscale.request(tenantId, userId, body);
      return fullDto((await repo.view(tenantId, body.id, userId))!, userId, locale);
    },

    /**
     * Draws my work again with its prompt, style, ratio, count and role images: a variation with a nearby seed
     * (close to the original on seed-stable engines), or a reroll with a new random one.
     */
    async variation(
      tenantId: number,
      userId: number,
      member: boolean,
      body: { id: number; mode: 'variation' | 'reroll' },
      locale: Locale,
    ): Promise<DrawTask> {
      const source = await repo.view(tenantId, body.id, userId);
      if (!source || source.userId !== userId) throw notFound('draw_task_not_found');
      if (source.engine === DRAW_UPLOAD_ENGINE) throw badRequest('draw_upload_only_upscale');
      const seed =
        body.mode === 'variation'
          ? (source.seed + randomInt(1, VARIATION_SEED_SPREAD + 1)) % SEED_LIMIT
          : randomInt(0, SEED_LIMIT);
      return accept(
        tenantId,
        userId,
        member,
        {
          prompt: source.prompt,
          negativePrompt: source.negativePrompt ?? undefined,
          style: source.style as DrawStyle,
          ratio: source.ratio as DrawRatio,
          count: source.count,
          roleImageIds: source.roleImageIds.length ? source.roleImageIds : undefined,
          seed,
          remixOf: source.remixOf ?? undefined,
        },
        locale,
      );
    },

    toEnglish: (text: string) => deps.toEnglish(text),

    repo,
  };
};
export type DrawingService = ReturnType<typeof createDrawingService>;
