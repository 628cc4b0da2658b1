import { VIDEO_STORYBOARD_SCENES_MAX, type endpoints, type Locale, type ParsedBodyOf } from '@app/contract';
import './video.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { MemberRequest } from '../../platform/identity/membership.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig } from '../dictionary/index.js';
import { splitIntoScenes } from './pipeline/script.js';
import { createStoryboardEditing, ownLiveTask } from './storyboard-editing.js';
import { createStoryboardRender } from './storyboard-render.js';
import { firstPicture } from './storyboard-scene.js';
import { createSceneEdits } from './storyboard-scene-edits.js';
import { createStoryboardRepository } from './storyboard.repository.js';
import { createVideoRepository } from './video.repository.js';
import type { VideoService } from './video.service.js';

/**
 * 分镜: a video made scene by scene. Made from a request as `add` checks it, edited scene by scene (each scene's
 * voice and picture made in the background), then rendered under a gold hold of its own.
 */
export const createStoryboardService = (deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  storage: Pick<FileStorage, 'urlFor' | 'remove' | 'ownFile'>;
  censor: Pick<CensorService, 'censorText'>;
  video: VideoService;
  drawAvailable: () => Promise<boolean>;
}) => {
  const { db, clock, video } = deps;
  const editing = createStoryboardEditing(deps);
  const scenes = createSceneEdits({ ...deps, editing });

  return {
    /** 生成分镜: checks the request as `add` does, splits the text into scenes and starts making each one. */
    async create(input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoStoryboardCreate>>) {
      const prepared = await video.prepare(input);
      const lines = splitIntoScenes(prepared.task.text);
      if (lines.length > VIDEO_STORYBOARD_SCENES_MAX)
        throw badRequest('video_storyboard_scene_limit', { max: VIDEO_STORYBOARD_SCENES_MAX });
      const { saveVideoTime } = await getAppConfig(db, input.tenantId);
      const now = clock.now();
      const { task, rows } = await db.transaction(async (tx) => {
        const task = await createVideoRepository(tx).insert({
          ...prepared.task,
          phase: 'storyboard',
          renderPayload: prepared.payload,
          cost: 0,
          createdAt: now,
          expireAt: new Date(now.getTime() + saveVideoTime * 1000),
        });
        const rows = await createStoryboardRepository(tx).insertScenes(
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
      return editing.storyboardOf(task, input.locale);
    },

    async detail(tenantId: number, userId: number, id: number, locale: Locale) {
      const task = await video.repo.get(id);
      if (!ownLiveTask(task, tenantId, userId) || !task.renderPayload) throw notFound('video_task_not_found');
      return editing.storyboardOf(task, locale);
    },

    editLine: scenes.editLine,
    replacePicture: scenes.replacePicture,
    move: scenes.move,
    deleteScene: scenes.deleteScene,
    addScene: scenes.addScene,
    render: createStoryboardRender({ db, clock, video, editing }),
  };
};
export type StoryboardService = ReturnType<typeof createStoryboardService>;
