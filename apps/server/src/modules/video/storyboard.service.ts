import { randomInt } from 'node:crypto';
import {
  estimateVideo,
  VIDEO_STORYBOARD_SCENES_MAX,
  videoJobTypes,
  type endpoints,
  type Locale,
  type ParsedBodyOf,
  type VideoScene,
  type VideoStoryboard,
} from '@app/contract';
import './video.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { MemberRequest } from '../../platform/identity/membership.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import { getAppConfig } from '../dictionary/index.js';
import { ownDrawingImage } from '../drawing/index.js';
import { cleanForVideo, splitIntoScenes, spokenText } from './pipeline/script.js';
import { createStoryboardRepository } from './storyboard.repository.js';
import { createVideoRepository } from './video.repository.js';
import type { VideoJobPayload, VideoService } from './video.service.js';
import { videoScenes, type VideoSceneRow, type VideoTaskRow } from './video.table.js';

/** What a storyboard's render job will be given (fixed when the storyboard is made; the task id aside). */
export type StoryboardPayload = Omit<VideoJobPayload, 'taskId'>;

/** A scene job's work: the scene's missing voice and picture. */
export interface SceneJobPayload {
  taskId: number;
  sceneId: number;
}

/** Pictures the scene job makes and stores (the others are a stored file already, or the template's or article's). */
export const madeByJob = (kind: VideoSceneRow['pictureKind']) => kind === 'generated' || kind === 'color';

/** Whether a scene has everything the render needs. */
export const sceneComplete = (scene: VideoSceneRow) =>
  !!scene.voiceKey && (!!scene.pictureKey || !madeByJob(scene.pictureKind));

const newSeed = () => randomInt(1, 2 ** 31 - 1);

type SceneInsert = typeof videoScenes.$inferInsert;

export const createStoryboardService = (deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  storage: Pick<FileStorage, 'urlFor' | 'remove' | 'ownFile'>;
  censor: Pick<CensorService, 'censorText'>;
  video: VideoService;
  drawAvailable: () => Promise<boolean>;
}) => {
  const { db, clock, jobs, storage, video } = deps;
  const repo = createStoryboardRepository(db);

  /** The picture a new scene starts with, from the task's picture source. */
  const firstPicture = (
    payload: StoryboardPayload,
    index: number,
  ): Pick<SceneInsert, 'pictureKind' | 'pictureRef'> => {
    if (payload.imageSource === 'draw') return { pictureKind: 'generated', pictureRef: String(newSeed()) };
    if (payload.imageSource === 'article' && payload.articleImages.length)
      return {
        pictureKind: 'article',
        pictureRef: payload.articleImages[index % payload.articleImages.length]!,
      };
    return { pictureKind: 'template', pictureRef: payload.templatePicture || null };
  };

  const toScene = (row: VideoSceneRow): VideoScene => {
    const stored = row.pictureKey
      ? storage.urlFor(row.pictureKey, (row.pictureVisibility ?? 'private') as Visibility)
      : null;
    const linked = row.pictureKind === 'template' || row.pictureKind === 'article' ? row.pictureRef : null;
    return {
      id: row.id,
      position: row.position,
      line: row.line,
      pictureKind: row.pictureKind,
      pictureUrl: stored ?? linked,
      colors: row.pictureKind === 'color' && row.pictureRef ? row.pictureRef.split(',') : null,
      voiceUrl: row.voiceKey ? storage.urlFor(row.voiceKey, 'private') : null,
      voiceSeconds: row.voiceSeconds,
      words: row.words,
      status: row.status === 'failed' ? 'failed' : sceneComplete(row) ? 'ready' : 'pending',
      jobId: row.jobId,
    };
  };

  const storyboardOf = async (task: VideoTaskRow, locale: Locale): Promise<VideoStoryboard> => {
    const view = await video.findOwned(task.tenantId, task.userId, task.id);
    const scenes = await repo.scenes(task.id);
    const payload = task.renderPayload as StoryboardPayload | null;
    const { estimate } = await video.estimateOf(
      task.tenantId,
      scenes.map((s) => s.line).join('\n'),
      task.speed,
      payload?.clips ?? [],
    );
    return {
      task: video.toTask(view, locale),
      scenes: scenes.map(toScene),
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
    await repo.updateScene(scene.id, { jobId: job.id });
  };

  /** Removes files made for a scene that it no longer uses (a user's own upload or drawing stays). */
  const dropFiles = async (files: { key: string | null; owned: boolean }[]) => {
    for (const file of files) {
      if (file.key && file.owned) await storage.remove(file.key, 'private').catch(() => undefined);
    }
  };
  const voiceFile = (scene: VideoSceneRow) => ({ key: scene.voiceKey, owned: true });
  const pictureFile = (scene: VideoSceneRow) => ({ key: scene.pictureKey, owned: scene.pictureOwned });

  /**
   * Runs one edit of a storyboard in a transaction holding its task row (edits of one storyboard run one at a
   * time): only the owner's, only while it is still a storyboard.
   */
  const edit = async <T>(
    tenantId: number,
    userId: number,
    taskId: number,
    work: (tx: Tx, task: VideoTaskRow) => Promise<T>,
  ): Promise<{ task: VideoTaskRow; value: T }> => {
    // A render that ended without success gives its gold back first (reading the task settles it), so the
    // edit that follows never leaves an old render's hold behind.
    await video.findOwned(tenantId, userId, taskId).catch(() => undefined);
    return db.transaction(async (tx) => {
      const txRepo = createStoryboardRepository(tx);
      let task = await txRepo.lockTask(taskId);
      if (!task || task.tenantId !== tenantId || task.userId !== userId || task.deletedAt)
        throw notFound('video_task_not_found');
      if (!task.renderPayload) throw conflict('video_storyboard_not_editable');
      // Kept past saveVideoTime (its scene files are gone): no more edits.
      if (task.expiredAt) throw conflict('video_storyboard_expired');
      if (task.phase === 'render') {
        // Rendered (or failed): editable again, its video kept until a new render replaces it. Still
        // rendering: not until it ends.
        if (!(await renderOver(tx, task))) throw conflict('video_storyboard_not_editable');
        [task] = await txRepo.updateTask(task.id, { phase: 'storyboard' });
      }
      return { task: task!, value: await work(tx, task!) };
    });
  };

  /** Whether a storyboard's render has ended (succeeded, failed or canceled): none is queued or running. */
  const renderOver = async (tx: DbOrTx, task: VideoTaskRow) => {
    if (!task.jobId) return false;
    const view = await createVideoRepository(tx).findOwned(task.tenantId, task.userId, task.id);
    return !!view && ['succeeded', 'failed', 'canceled'].includes(view.state);
  };

  const sceneIn = async (tx: DbOrTx, taskId: number, sceneId: number) => {
    const scene = await createStoryboardRepository(tx).scene(taskId, sceneId);
    if (!scene) throw notFound('video_scene_not_found');
    return scene;
  };

  /** A line as a video may say it (no hashtags, markdown, links, emoji or disclaimer); refused when nothing is left. */
  const cleanLine = async (tenantId: number, line: string) => {
    const clean = cleanForVideo(line.replace(/\s*\n\s*/g, ' '));
    if (!clean) throw badRequest('video_text_empty');
    if (!(await deps.censor.censorText(clean, tenantId)).ok) throw badRequest('video_content_rejected');
    return clean;
  };

  const bump = (scene: VideoSceneRow) => ({
    revision: scene.revision + 1,
    status: 'pending' as const,
    updatedAt: clock.now(),
  });

  return {
    /** 生成分镜: checks the request as `add` does, splits the text into scenes and starts making each one. */
    async create(input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoStoryboardCreate>>) {
      const prepared = await video.prepare(input);
      const scenes = splitIntoScenes(prepared.task.text);
      if (scenes.length > VIDEO_STORYBOARD_SCENES_MAX)
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
          scenes.map((scene, position) => ({
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
      for (const row of rows) await makeMissing(task, row);
      return storyboardOf(task, input.locale);
    },

    async detail(tenantId: number, userId: number, id: number, locale: Locale) {
      const task = await video.repo.get(id);
      if (
        !task ||
        task.tenantId !== tenantId ||
        task.userId !== userId ||
        task.deletedAt ||
        !task.renderPayload
      )
        throw notFound('video_task_not_found');
      return storyboardOf(task, locale);
    },

    /** A new line: that scene's voice and timing are made again (its picture too only when asked, if drawn). */
    async editLine(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoSceneLine>,
      locale: Locale,
    ) {
      const line = await cleanLine(tenantId, body.line);
      const { task, value } = await edit(tenantId, userId, body.taskId, async (tx, task) => {
        const scene = await sceneIn(tx, task.id, body.sceneId);
        const redraw = body.redraw && scene.pictureKind === 'generated';
        const updated = await createStoryboardRepository(tx).updateScene(scene.id, {
          line,
          voiceKey: null,
          voiceSeconds: null,
          words: [],
          voiceEngine: null,
          ...(redraw ? { pictureKey: null, pictureRef: String(newSeed()), pictureOwned: false } : {}),
          ...bump(scene),
        });
        return {
          before: scene,
          after: updated!,
          dropped: [voiceFile(scene), ...(redraw ? [pictureFile(scene)] : [])],
        };
      });
      await dropFiles(value.dropped);
      await makeMissing(task, value.after);
      return storyboardOf(task, locale);
    },

    /** Another picture for a scene; its line and voice stay as they are. */
    async replacePicture(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoScenePicture>,
      locale: Locale,
    ) {
      const { picture } = body;
      let next: Partial<SceneInsert>;
      if (picture.kind === 'generated') {
        if (!(await deps.drawAvailable())) throw badRequest('video_draw_unavailable');
        next = {
          pictureKind: 'generated',
          pictureRef: String(newSeed()),
          pictureKey: null,
          pictureOwned: false,
        };
      } else if (picture.kind === 'drawing') {
        const image = await ownDrawingImage(db, tenantId, userId, picture.drawingId, picture.index);
        if (!image) throw badRequest('video_scene_picture_invalid');
        next = {
          pictureKind: 'drawing',
          pictureRef: `${picture.drawingId}:${picture.index}`,
          pictureKey: image.key,
          pictureVisibility: image.visibility,
          pictureOwned: false,
        };
      } else if (picture.kind === 'upload') {
        const file = await storage.ownFile(tenantId, userId, picture.fileId);
        if (!file || file.kind !== 'image') throw badRequest('video_scene_picture_invalid');
        next = {
          pictureKind: 'upload',
          pictureRef: String(file.id),
          pictureKey: file.storageKey,
          pictureVisibility: file.visibility,
          pictureOwned: false,
        };
      } else {
        next = {
          pictureKind: 'color',
          pictureRef: picture.colors.map((c) => c.toLowerCase()).join(','),
          pictureKey: null,
          pictureOwned: false,
        };
      }
      const { task, value } = await edit(tenantId, userId, body.taskId, async (tx, task) => {
        const scene = await sceneIn(tx, task.id, body.sceneId);
        const updated = await createStoryboardRepository(tx).updateScene(scene.id, {
          ...next,
          ...bump(scene),
        });
        return { after: updated!, dropped: [pictureFile(scene)] };
      });
      await dropFiles(value.dropped);
      await makeMissing(task, value.after);
      return storyboardOf(task, locale);
    },

    async move(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoSceneMove>,
      locale: Locale,
    ) {
      const { task } = await edit(tenantId, userId, body.taskId, async (tx, task) => {
        const txRepo = createStoryboardRepository(tx);
        await sceneIn(tx, task.id, body.sceneId);
        const order = (await txRepo.scenes(task.id)).map((s) => s.id).filter((id) => id !== body.sceneId);
        order.splice(Math.min(body.position, order.length), 0, body.sceneId);
        await txRepo.renumber(order);
      });
      return storyboardOf(task, locale);
    },

    async deleteScene(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoSceneDelete>,
      locale: Locale,
    ) {
      const { task, value } = await edit(tenantId, userId, body.taskId, async (tx, task) => {
        const txRepo = createStoryboardRepository(tx);
        const scene = await sceneIn(tx, task.id, body.sceneId);
        const rest = (await txRepo.scenes(task.id)).filter((s) => s.id !== scene.id);
        if (!rest.length) throw badRequest('video_storyboard_last_scene');
        await txRepo.deleteScene(scene.id);
        await txRepo.renumber(rest.map((s) => s.id));
        return [voiceFile(scene), pictureFile(scene), { key: scene.clipKey, owned: true }];
      });
      await dropFiles(value);
      return storyboardOf(task, locale);
    },

    async addScene(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoSceneAdd>,
      locale: Locale,
    ) {
      const line = await cleanLine(tenantId, body.line);
      const { task, value } = await edit(tenantId, userId, body.taskId, async (tx, task) => {
        const txRepo = createStoryboardRepository(tx);
        const scenes = await txRepo.scenes(task.id);
        if (scenes.length >= VIDEO_STORYBOARD_SCENES_MAX)
          throw badRequest('video_storyboard_scene_limit', { max: VIDEO_STORYBOARD_SCENES_MAX });
        const after = body.afterSceneId === null ? null : await sceneIn(tx, task.id, body.afterSceneId);
        const position = after ? after.position + 1 : 0;
        await txRepo.shiftFrom(task.id, position);
        const payload = task.renderPayload as StoryboardPayload;
        const [row] = await txRepo.insertScenes([
          {
            tenantId: task.tenantId,
            taskId: task.id,
            position,
            line,
            ...(payload.imageSource === 'draw'
              ? { pictureKind: 'generated' as const, pictureRef: String(newSeed()) }
              : { pictureKind: 'template' as const, pictureRef: payload.templatePicture || null }),
            updatedAt: clock.now(),
          },
        ]);
        return row!;
      });
      await makeMissing(task, value);
      return storyboardOf(task, locale);
    },

    /**
     * 开始合成: holds the gold for every line (spec §9 per word) and queues the render, which reuses each scene's
     * finished voice and picture (and its clip, when unchanged) and makes only what is missing. The storyboard
     * can be edited again once the render has ended (修改后重新合成), and rendered again under a new hold.
     */
    async render(input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoStoryboardRender>>) {
      const { tenantId, userId } = input;
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const { saveVideoTime, prices } = await getAppConfig(db, tenantId);
      const { task, value } = await edit(tenantId, userId, input.body.id, async (tx, task) => {
        const lines = (await createStoryboardRepository(tx).scenes(task.id)).map((s) => s.line);
        const payload = task.renderPayload as StoryboardPayload;
        const text = lines.join('\n');
        const spoken = spokenText(splitIntoScenes(text));
        const estimate = estimateVideo({
          text: spoken,
          speed: task.speed,
          perSecondWord: prices.perSecondWord,
          goldPerWord: prices.goldPerVideoWord,
          clipSeconds: payload.clips.reduce((sum, c) => sum + c.seconds, 0),
        });
        video.checkSpoken(spoken, estimate);
        await video.checkRenderLimit(tx, tenantId, userId);
        const now = clock.now();
        // Rendered before: a new render of the same task, with a hold of its own (its round); until it is
        // queued the task has no job (so the unqueued sweep settles it if this process dies meanwhile).
        const again = task.jobId !== null;
        const [row] = await createStoryboardRepository(tx).updateTask(task.id, {
          phase: 'render',
          ...(again ? { renderRound: task.renderRound + 1, jobId: null } : {}),
          text,
          estimateWords: estimate.words,
          estimateSeconds: estimate.seconds,
          cost: estimate.gold,
          // A video's life starts when it is accepted for rendering (the list and the expiry count from then).
          createdAt: now,
          expireAt: new Date(now.getTime() + saveVideoTime * 1000),
        });
        await video.holdForRender(tx, row!, estimate.gold);
        return { row: row!, payload, previous: task };
      });
      await video.enqueueRender(
        value.row,
        { ...value.payload, taskId: task.id, storyboard: true, round: value.row.renderRound },
        async () => {
          // Not queued: back to an editable storyboard (a re-render's task keeps its old job and video).
          const { previous } = value;
          await createStoryboardRepository(db).updateTask(task.id, {
            phase: 'storyboard',
            cost: previous.jobId ? previous.cost : 0,
            jobId: previous.jobId,
          });
        },
      );
      const view = await video.findOwned(tenantId, userId, task.id);
      return video.toTask(view, input.locale);
    },
  };
};
export type StoryboardService = ReturnType<typeof createStoryboardService>;
