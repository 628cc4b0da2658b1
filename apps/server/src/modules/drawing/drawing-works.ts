import {
  drawRatios,
  drawSizeOf,
  DRAW_UPLOAD_ENGINE,
  type DrawRatio,
  type DrawTask,
  type DrawUpscaleScale,
  type Locale,
} from '@app/contract';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { CheckedImage } from '../../platform/storage/image-upload.js';
import type { createDrawJobs } from './drawing.jobs.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { DrawingParts } from './drawing.service.js';
import type { DrawingUpscale } from './drawing-upscale.js';
import type { DrawingViews } from './drawing-views.js';
import { storePicture } from './stored-picture.js';
import { withPropagation } from '../../platform/aigc/picture-label.js';

/** The ratio whose shape is closest to a picture's (an imported picture is kept under it). */
const nearestRatio = (width: number, height: number): DrawRatio => {
  const aspect = width / height;
  const distance = (r: DrawRatio) => Math.abs(Math.log(drawSizeOf(r).width / drawSizeOf(r).height / aspect));
  return [...drawRatios].sort((a, b) => distance(a) - distance(b))[0]!;
};

/** A finished work's life: published to the hall, liked, upscaled, imported from a picture, deleted. */
export const createDrawingWorks = (
  deps: DrawingParts,
  parts: {
    settleEnded: ReturnType<typeof createDrawJobs>['settleEnded'];
    upscale: DrawingUpscale;
    views: Pick<DrawingViews, 'viewOrThrow' | 'fullDto'>;
  },
) => {
  const { repo, clock, storage } = deps;
  const { upscale, views } = parts;

  /**
   * A private picture's public copy (the hall serves it), its AI label carrying our propagation fields (the hall
   * work's id); false when the private file is gone.
   */
  const copyToPublic = async (key: string, workId: number) => {
    const file = await storage.read(key, 'private');
    if (!file) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const spread = await withPropagation(Buffer.concat(chunks), deps.aigc, `hall:${workId}`);
    await storage.backend.put(key, 'public', spread, 'image/webp');
    return true;
  };

  /**
   * A work whose pictures (or finished upscales) the moderation flagged stays private: the hall shows what nobody
   * reviewed, so it is refused there.
   */
  const assertNotHeld = async (taskId: number, images: { key: string }[]) => {
    const versions = (await upscale.versions.ofTasks([taskId])).flatMap((v) => (v.image ? [v.image.key] : []));
    const flags = await storage.flagsOf([...images.map((i) => i.key), ...versions]);
    if (flags.size) throw badRequest('draw_picture_held');
  };

  /** A task as its owner's detail shows it, read again after a change. */
  const fresh = async (tenantId: number, id: number, userId: number, locale: Locale) =>
    views.fullDto((await repo.view(tenantId, id, userId))!, userId, locale);

  return {
    /**
     * Deletes a task of mine; a queued or running one is canceled first and its gold given back. Its pictures
     * go with it: the private originals and, when it was published, the public copies the hall served (the
     * hall is the only place a drawing is shared, and it lists live tasks only).
     */
    async remove({ tenantId, uid: userId }: Actor, id: number): Promise<boolean> {
      const task = await repo.softDelete(deps.db, tenantId, userId, id, clock.now());
      if (!task) throw notFound('draw_task_not_found');
      if (task.status === 'queued') {
        if (task.jobId) await deps.jobs.cancel(task.jobId, { tenantId });
        await parts.settleEnded(task.id, tenantId, 'canceled', null);
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

    /** Publishes a finished work: title censored, images copied to public storage, listed in the hall. */
    async publish(owner: Actor, id: number, title: string): Promise<DrawTask> {
      const { tenantId, uid: userId, locale } = owner;
      const row = await views.viewOrThrow(tenantId, id, userId);
      if (row.userId !== userId) throw notFound('draw_task_not_found');
      if (row.status !== 'succeeded') throw badRequest('draw_not_finished');
      if (row.engine === DRAW_UPLOAD_ENGINE) throw badRequest('draw_upload_only_upscale');
      const checked = await deps.censor.censorText(title, tenantId);
      if (!checked.ok)
        throw new AppError(400, 'draw_prompt_sensitive', { words: [...new Set(checked.words)].join('、') });
      if (!row.publishedAt) {
        await assertNotHeld(row.id, row.images);
        for (const image of row.images)
          for (const key of [image.key, image.thumbKey])
            if (!(await copyToPublic(key, row.id))) throw notFound('draw_task_not_found');
        // Its finished upscaled versions go public with it.
        for (const version of await upscale.versions.ofTasks([row.id]))
          for (const key of version.image ? [version.image.key, version.image.thumbKey] : [])
            await copyToPublic(key, row.id);
      }
      await repo.publish(id, title.trim(), clock.now());
      return fresh(tenantId, id, userId, locale);
    },

    async like({ tenantId, uid: userId, locale }: Actor, id: number): Promise<DrawTask> {
      const row = await views.viewOrThrow(tenantId, id, userId);
      if (!row.publishedAt) throw notFound('draw_task_not_found');
      await repo.toggleLike(tenantId, id, userId, clock.now());
      return fresh(tenantId, id, userId, locale);
    },

    /**
     * A picture of mine to upscale: kept as a finished private work (engine `upload`, no prompt, nothing
     * charged), so the detail's 高清放大 works on it like on a drawing.
     */
    async importUpload(owner: Actor, picture: CheckedImage): Promise<DrawTask> {
      const { tenantId, uid: userId, locale } = owner;
      // An upload like any other: refused at the block threshold, kept flagged between review and block.
      const screened = deps.screenPicture ? await deps.screenPicture(tenantId, picture.data) : null;
      if (screened?.verdict === 'block') throw new AppError(400, 'picture_refused');
      const image = await storePicture(storage, { tenantId, userId }, picture.data, false, undefined, screened?.flag ?? null);
      const now = clock.now();
      const row = await repo.insert(deps.db, {
        tenantId,
        userId,
        prompt: '',
        style: 'none',
        ratio: nearestRatio(picture.width, picture.height),
        count: 1,
        seed: 0,
        engine: DRAW_UPLOAD_ENGINE,
        offline: true,
        images: [image],
        status: 'succeeded',
        createdAt: now,
        updatedAt: now,
      });
      return fresh(tenantId, row.id, userId, locale);
    },

    /** 高清放大 one picture of my finished work: a new version, queued as a job. */
    async upscale(
      owner: Actor,
      body: { id: number; imageIndex: number; scale: DrawUpscaleScale },
    ): Promise<DrawTask> {
      await upscale.request(owner, body);
      return fresh(owner.tenantId, body.id, owner.uid, owner.locale);
    },
  };
};
