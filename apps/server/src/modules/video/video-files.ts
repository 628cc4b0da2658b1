import type { VideoShare } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { isSharedInPlaza } from '../plaza/index.js';
import type { VideoHold } from './video.hold.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoViews } from './video-views.js';

type StoredKeys = { videoKey: string | null; coverKey: string | null };

/** A task's stored files with their content types: the video, then its cover. */
const storedFiles = (task: StoredKeys) =>
  [
    [task.videoKey, 'video/mp4'],
    [task.coverKey, 'image/jpeg'],
  ] as const;

/**
 * A video's files over its life: deleting a video, sharing one to the plaza (a public copy), the expiry sweep
 * (spec §4 saveVideoTime) and the move of older public files to private storage.
 */
export const createVideoFiles = (deps: {
  db: Db;
  store: VideoRepositories;
  clock: Clock;
  jobs: Pick<JobRunner, 'cancel'>;
  storage: Pick<FileStorage, 'urlFor' | 'backend' | 'read' | 'copyTo' | 'remove'>;
  hold: Pick<VideoHold, 'release'>;
  views: Pick<VideoViews, 'findOwned'>;
}) => {
  const { db, store, clock, storage } = deps;
  const { videos, storyboards } = store.repos;

  /**
   * A deleted video keeps its files while a plaza work (shared from the video list) still shows it; the
   * sweep deletes them once none does. Expiry (saveVideoTime) deletes them either way.
   */
  const sharedInPlaza = (task: { tenantId: number; videoKey: string | null }) =>
    task.videoKey ? isSharedInPlaza(db, task.tenantId, task.videoKey) : Promise.resolve(false);

  /** Deletes a task's files: the private ones and any public copy (shared, or made before videos were private). */
  const deleteFiles = async (task: StoredKeys) => {
    for (const key of [task.videoKey, task.coverKey]) {
      if (!key) continue;
      await storage.backend.delete(key, 'private');
      await storage.backend.delete(key, 'public');
    }
  };

  /**
   * Removes the voices, pictures and clips made for a storyboard's scenes (a user's own uploads and drawings stay
   * theirs); a task without a storyboard has no scenes.
   */
  const deleteSceneFiles = async (taskId: number) => {
    const rows = await storyboards.scenes(taskId);
    for (const scene of rows) {
      if (scene.voiceKey) await storage.remove(scene.voiceKey, 'private');
      if (scene.pictureKey && scene.pictureOwned) await storage.remove(scene.pictureKey, 'private');
      if (scene.clipKey) await storage.remove(scene.clipKey, 'private');
    }
    if (rows.length) await storyboards.clearFiles(taskId);
  };

  const hasPublicCopy = async (key: string) => {
    const file = await storage.read(key, 'public');
    file?.stream.destroy();
    return file !== null;
  };

  return {
    /**
     * Deletes a video: a queued or running render is canceled, its gold given back, its files removed (kept
     * while a plaza work it was shared to still shows it).
     */
    async remove(actor: Actor, id: number): Promise<boolean> {
      const view = await deps.views.findOwned(actor, id);
      if (view.jobId && (view.state === 'queued' || view.state === 'running')) {
        await deps.jobs.cancel(view.jobId, { tenantId: actor.tenantId });
      }
      await store.transaction(async (repos, tx) => {
        // Hold first, task row second: the lock order of the cancel's own settlement, which may run now.
        if (view.state !== 'succeeded' && view.cost > 0) await deps.hold.release(tx, view);
        if (!(await repos.videos.softDelete(view.id, clock.now()))) throw notFound('video_task_not_found');
      });
      await deleteSceneFiles(view.id);
      if (!(await sharedInPlaza(view))) {
        await deleteFiles(view);
        await videos.markFilesGone(view.id, null);
      }
      return true;
    },

    /**
     * Public URLs of one of my finished videos, for a plaza work (the plaza shows it to anyone, for as long as
     * the work stays): a public copy of the video and cover is made under the same keys. Everything else about
     * the video stays behind signed links.
     */
    async share(actor: Actor, id: number): Promise<VideoShare> {
      const view = await deps.views.findOwned(actor, id);
      if (view.state !== 'succeeded' || !view.videoKey || clock.now() >= view.expireAt)
        throw badRequest('video_not_shareable');
      if (view.filesPrivate) {
        for (const [key, type] of storedFiles(view)) {
          if (!key || (await hasPublicCopy(key))) continue; // shared before: copied once
          if (!(await storage.copyTo(key, 'private', 'public', type)))
            throw badRequest('video_not_shareable');
        }
      }
      return {
        videoUrl: storage.urlFor(view.videoKey, 'public'),
        coverUrl: view.coverKey ? storage.urlFor(view.coverKey, 'public') : null,
      };
    },

    /**
     * Makes the files of videos made before videos were private private: each is copied to private storage,
     * and its public copy is deleted unless a plaza work shows it. Answers how many tasks moved.
     */
    async moveFilesToPrivate(batch = 50): Promise<number> {
      let moved = 0;
      for (const task of await videos.withPublicFiles(batch)) {
        const files = storedFiles(task);
        for (const [key, type] of files) if (key) await storage.copyTo(key, 'public', 'private', type);
        await videos.markFilesPrivate(task.id, task.videoKey!);
        if (!(await sharedInPlaza(task))) {
          for (const [key] of files) if (key) await storage.backend.delete(key, 'public');
        }
        moved += 1;
      }
      return moved;
    },

    /**
     * Deletes the files of videos past `expireAt` (spec §4: expired once now ≥ creation + saveVideoTime) and of
     * deleted videos; the tasks stay listed as expired. Answers how many tasks lost their files.
     */
    async expireDue(batch = 200): Promise<number> {
      const now = clock.now();
      let done = 0;
      for (const task of await videos.dueForExpiry(now, batch)) {
        await deleteFiles(task);
        await deleteSceneFiles(task.id);
        await videos.markFilesGone(task.id, now);
        done += 1;
      }
      for (const task of await videos.deletedWithFiles(batch)) {
        if (await sharedInPlaza(task)) continue;
        await deleteFiles(task);
        await videos.markFilesGone(task.id, null);
        done += 1;
      }
      return done;
    },
  };
};
