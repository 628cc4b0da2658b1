import { videoJobTypes, type VideoStoryboard } from '@app/contract';
import type { Tx } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { sceneComplete, toScene, type SceneFile } from './storyboard-scene.js';
import type { StoryboardRepository } from './storyboard.repository.js';
import type { RenderPayload, SceneJobPayload } from './video.payload.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoService } from './video.service.js';
import type { VideoSceneRow, VideoTaskRow } from './video.table.js';

/** Whether a task row is the caller's live task. */
export const ownLiveTask = (task: VideoTaskRow | undefined, { tenantId, uid }: Actor): task is VideoTaskRow =>
  !!task && task.tenantId === tenantId && task.userId === uid && !task.deletedAt;

/** The repositories an edit of a storyboard works with, over its transaction. */
type VideoRepos = VideoRepositories['repos'];

/** What one edit of a storyboard did: a scene whose voice or picture must be made, files no scene uses now. */
interface SceneChange {
  made?: VideoSceneRow;
  dropped?: SceneFile[];
}

/**
 * The frame of every edit of a storyboard: the task row locked and checked editable, the change in that
 * transaction, then (after the commit) the files it dropped removed, the scene it changed made again, and the
 * storyboard answered as the page shows it.
 */
export const createStoryboardEditing = (deps: {
  store: VideoRepositories;
  jobs: Pick<JobRunner, 'enqueue'>;
  storage: Pick<FileStorage, 'urlFor' | 'remove'>;
  video: Pick<VideoService, 'findOwned' | 'estimateOf' | 'toTask'>;
}) => {
  const { store, jobs, storage, video } = deps;
  const { storyboards } = store.repos;

  /** The caller's storyboard as the page shows it, in the caller's language. */
  const storyboardOf = async (actor: Actor, task: VideoTaskRow): Promise<VideoStoryboard> => {
    const { locale } = actor;
    const view = await video.findOwned(actor, task.id);
    const scenes = await storyboards.scenes(task.id);
    const payload = task.renderPayload as RenderPayload | null;
    const { estimate } = await video.estimateOf(
      task.tenantId,
      scenes.map((s) => s.line).join('\n'),
      task.speed,
      payload?.clips ?? [],
    );
    return {
      task: video.toTask(view, locale),
      scenes: scenes.map((row) => toScene(row, storage)),
      estimate: task.phase === 'storyboard' ? estimate : video.toTask(view, locale).estimate,
    };
  };

  /** Queues the making of a scene's missing voice and picture; the scene remembers the job (its progress). */
  const makeMissing = async (task: VideoTaskRow, scene: VideoSceneRow) => {
    if (sceneComplete(scene)) return;
    const job = await jobs.enqueue(
      videoJobTypes.storyboardScene,
      { taskId: task.id, sceneId: scene.id } satisfies SceneJobPayload,
      { tenantId: task.tenantId, userId: task.userId, maxAttempts: 2, timeoutMs: 5 * 60_000 },
    );
    await storyboards.updateScene(scene.id, { jobId: job.id });
  };

  /** Whether a storyboard's render has ended (succeeded, failed or canceled): none is queued or running. */
  const renderOver = async ({ videos }: VideoRepos, task: VideoTaskRow) => {
    if (!task.jobId) return false;
    const view = await videos.findOwned(task.tenantId, task.userId, task.id);
    return !!view && ['succeeded', 'failed', 'canceled'].includes(view.state);
  };

  /**
   * Runs one edit of a storyboard in a transaction holding its task row (edits of one storyboard run one at a
   * time): only the owner's, only while it is still a storyboard.
   */
  const edit = async <T>(
    actor: Actor,
    taskId: number,
    work: (repos: VideoRepos, task: VideoTaskRow, tx: Tx) => Promise<T>,
  ): Promise<{ task: VideoTaskRow; value: T }> => {
    // A render that ended without success gives its gold back first (reading the task settles it), so the
    // edit that follows never leaves an old render's hold behind.
    await video.findOwned(actor, taskId).catch(() => undefined);
    return store.transaction(async (repos, tx) => {
      let task = await repos.storyboards.lockTask(taskId);
      if (!ownLiveTask(task, actor)) throw notFound('video_task_not_found');
      if (!task.renderPayload) throw conflict('video_storyboard_not_editable');
      // Kept past saveVideoTime (its scene files are gone): no more edits.
      if (task.expiredAt) throw conflict('video_storyboard_expired');
      if (task.phase === 'render') {
        // Rendered (or failed): editable again, its video kept until a new render replaces it. Still
        // rendering: not until it ends.
        if (!(await renderOver(repos, task))) throw conflict('video_storyboard_not_editable');
        [task] = await repos.storyboards.updateTask(task.id, { phase: 'storyboard' });
      }
      return { task: task!, value: await work(repos, task!, tx) };
    });
  };

  return {
    storyboardOf,
    makeMissing,
    edit,

    /** One edit of the scenes (`edit`), then its dropped files removed and its changed scene made again. */
    async change(
      actor: Actor,
      taskId: number,
      work: (txRepo: StoryboardRepository, task: VideoTaskRow, repos: VideoRepos) => Promise<SceneChange | void>,
    ): Promise<VideoStoryboard> {
      const { task, value } = await edit(actor, taskId, (repos, task) => work(repos.storyboards, task, repos));
      for (const file of value?.dropped ?? []) {
        if (file.key && file.owned) await storage.remove(file.key, 'private').catch(() => undefined);
      }
      if (value?.made) await makeMissing(task, value.made);
      return storyboardOf(actor, task);
    },
  };
};
export type StoryboardEditing = ReturnType<typeof createStoryboardEditing>;

/** A scene of the task, or 404. */
export const sceneIn = async (txRepo: StoryboardRepository, taskId: number, sceneId: number) => {
  const scene = await txRepo.scene(taskId, sceneId);
  if (!scene) throw notFound('video_scene_not_found');
  return scene;
};
