import type { endpoints, ParsedBodyOf } from '@app/contract';
import './video.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig } from '../dictionary/index.js';
import { splitIntoScenes } from './pipeline/script.js';
import { admitScenes, storyboardFits } from './storyboard-allowance.js';
import { createStoryboardEditing, ownLiveTask } from './storyboard-editing.js';
import { createStoryboardRender } from './storyboard-render.js';
import { firstPicture } from './storyboard-scene.js';
import { createSceneEdits } from './storyboard-scene-edits.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoService } from './video.service.js';

/**
 * 分镜: a video made scene by scene. Made from a request as `add` checks it, edited scene by scene (each scene's
 * voice and picture made in the background), then rendered under a gold hold of its own.
 */
export const createStoryboardService = (deps: {
  db: Db;
  store: VideoRepositories;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  storage: Pick<FileStorage, 'urlFor' | 'remove' | 'ownFile'>;
  censor: Pick<CensorService, 'censorText'>;
  video: VideoService;
  drawAvailable: () => Promise<boolean>;
}) => {
  const { db, store, clock, video } = deps;
  const editing = createStoryboardEditing(deps);
  const scenes = createSceneEdits({ ...deps, editing });

  return {
    /** 生成分镜: checks the request as `add` does, splits the text into scenes and starts making each one. */
    async create(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoStoryboardCreate>) {
      const prepared = await video.prepare(actor, body);
      const lines = splitIntoScenes(prepared.task.text);
      const { saveVideoTime, prices, storyboardPreviewsPerDay } = await getAppConfig(db, actor.tenantId);
      const fits = storyboardFits(
        lines.map((l) => l.text),
        prepared.task,
        prepared.payload.clips,
        prices,
      );
      const now = clock.now();
      const { task, rows } = await store.transaction(async ({ videos, storyboards, users }) => {
        await admitScenes({ users, storyboards }, actor, {
          renderGold: fits.estimate.gold,
          scenes: lines.length,
          perDay: storyboardPreviewsPerDay,
          now,
        });
        const task = await videos.insert({
          ...prepared.task,
          phase: 'storyboard',
          renderPayload: prepared.payload,
          cost: 0,
          createdAt: now,
          expireAt: new Date(now.getTime() + saveVideoTime * 1000),
        });
        const rows = await storyboards.insertScenes(
          lines.map((scene, position) => ({
            tenantId: task.tenantId,
            taskId: task.id,
            position,
            line: scene.text,
            heading: scene.heading,
            ...firstPicture(prepared.payload, position),
            updatedAt: now,
          })),
        );
        return { task, rows };
      });
      for (const row of rows) await editing.makeMissing(task, row);
      return editing.storyboardOf(actor, task);
    },

    async detail(actor: Actor, id: number) {
      const task = await store.repos.videos.get(id);
      if (!ownLiveTask(task, actor) || !task.renderPayload) throw notFound('video_task_not_found');
      return editing.storyboardOf(actor, task);
    },

    editLine: scenes.editLine,
    replacePicture: scenes.replacePicture,
    move: scenes.move,
    deleteScene: scenes.deleteScene,
    addScene: scenes.addScene,
    render: createStoryboardRender({ db, store, clock, video, editing }),
  };
};
export type StoryboardService = ReturnType<typeof createStoryboardService>;
