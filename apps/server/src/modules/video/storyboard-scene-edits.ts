import type { AppConfig, endpoints, ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig } from '../dictionary/index.js';
import { ownDrawingImage } from '../drawing/index.js';
import { cleanForVideo } from './pipeline/script.js';
import { admitScenes, storyboardFits } from './storyboard-allowance.js';
import { sceneIn, type StoryboardEditing } from './storyboard-editing.js';
import { firstPicture, newSeed, pictureFile, voiceFile, type SceneInsert } from './storyboard-scene.js';
import type { RenderPayload } from './video.payload.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoSceneRow, VideoTaskRow } from './video.table.js';

type VideoRepos = VideoRepositories['repos'];

type ScenePicture = ParsedBodyOf<typeof endpoints.articleToVideoScenePicture>['picture'];

/** The columns of a scene's new picture: drawn anew, one of my drawings, one of my uploads, or a colour card. */
const pictureOf = async (
  deps: { db: Db; storage: Pick<FileStorage, 'ownFile'>; drawAvailable: () => Promise<boolean> },
  { tenantId, uid }: Actor,
  picture: ScenePicture,
): Promise<Partial<SceneInsert>> => {
  if (picture.kind === 'generated') {
    if (!(await deps.drawAvailable())) throw badRequest('video_draw_unavailable');
    return { pictureKind: 'generated', pictureRef: String(newSeed()), pictureKey: null, pictureOwned: false };
  }
  if (picture.kind === 'drawing') {
    const image = await ownDrawingImage(deps.db, tenantId, uid, picture.drawingId, picture.index);
    if (!image) throw badRequest('video_scene_picture_invalid');
    return {
      pictureKind: 'drawing',
      pictureRef: `${picture.drawingId}:${picture.index}`,
      pictureKey: image.key,
      pictureVisibility: image.visibility,
      pictureOwned: false,
    };
  }
  if (picture.kind === 'upload') {
    const file = await deps.storage.ownFile(tenantId, uid, picture.fileId);
    if (!file || file.kind !== 'image') throw badRequest('video_scene_picture_invalid');
    return {
      pictureKind: 'upload',
      pictureRef: String(file.id),
      pictureKey: file.storageKey,
      pictureVisibility: file.visibility,
      pictureOwned: false,
    };
  }
  return {
    pictureKind: 'color',
    pictureRef: picture.colors.map((c) => c.toLowerCase()).join(','),
    pictureKey: null,
    pictureOwned: false,
  };
};

/** The user's edits of a storyboard's scenes: a line, a picture, the order, a scene removed or added. */
export const createSceneEdits = (deps: {
  db: Db;
  clock: Clock;
  storage: Pick<FileStorage, 'ownFile'>;
  censor: Pick<CensorService, 'censorText'>;
  drawAvailable: () => Promise<boolean>;
  editing: Pick<StoryboardEditing, 'change'>;
}) => {
  const { clock, editing } = deps;

  /**
   * Admits `scenes` new scenes to be made for a storyboard whose lines become `lines`: they fit its render's
   * limit, the user's gold covers that render, and the day's free previews have room (storyboard-allowance.ts).
   */
  const admit = async (
    actor: Actor,
    repos: VideoRepos,
    task: VideoTaskRow,
    { lines, scenes, config }: { lines: string[]; scenes: number; config: AppConfig },
  ) => {
    const clips = (task.renderPayload as RenderPayload).clips;
    const { estimate } = storyboardFits(lines, task, clips, config.prices);
    await admitScenes(repos, actor, {
      renderGold: estimate.gold,
      scenes,
      perDay: config.storyboardPreviewsPerDay,
      now: clock.now(),
    });
  };
  /** The app config, read before an edit's transaction (PGlite has one connection, which it holds). */
  const configOf = (actor: Actor) => getAppConfig(deps.db, actor.tenantId);

  /**
   * A line as a video may say it (no hashtags, markdown, links or disclaimer; emoji stay on screen, unsaid);
   * refused when nothing is left to say.
   */
  const cleanLine = async ({ tenantId }: Actor, line: string) => {
    const clean = cleanForVideo(line.replace(/\s*\n\s*/g, ' '));
    if (!/[\p{L}\p{N}]/u.test(clean)) throw badRequest('video_text_empty');
    if (!(await deps.censor.censorText(clean, tenantId)).ok) throw badRequest('video_content_rejected');
    return clean;
  };

  /** A changed scene waits for its new voice or picture (its revision makes a job's late result stale). */
  const bump = (scene: VideoSceneRow) => ({
    revision: scene.revision + 1,
    status: 'pending' as const,
    updatedAt: clock.now(),
  });

  return {
    /** A new line: that scene's voice and timing are made again (its picture too only when asked, if drawn). */
    async editLine(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoSceneLine>) {
      const line = await cleanLine(actor, body.line);
      const config = await configOf(actor);
      return editing.change(actor, body.taskId, async (txRepo, task, repos) => {
        const scene = await sceneIn(txRepo, task.id, body.sceneId);
        const lines = (await txRepo.scenes(task.id)).map((s) => (s.id === scene.id ? line : s.line));
        await admit(actor, repos, task, { lines, scenes: 1, config });
        const redraw = body.redraw && scene.pictureKind === 'generated';
        const updated = await txRepo.updateScene(scene.id, {
          line,
          voiceKey: null,
          voiceSeconds: null,
          words: [],
          voiceEngine: null,
          ...(redraw ? { pictureKey: null, pictureRef: String(newSeed()), pictureOwned: false } : {}),
          ...bump(scene),
        });
        return { made: updated, dropped: [voiceFile(scene), ...(redraw ? [pictureFile(scene)] : [])] };
      });
    },

    /** Another picture for a scene; its line and voice stay as they are. */
    async replacePicture(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoScenePicture>) {
      const next = await pictureOf(deps, actor, body.picture);
      const config = await configOf(actor);
      return editing.change(actor, body.taskId, async (txRepo, task, repos) => {
        const scene = await sceneIn(txRepo, task.id, body.sceneId);
        // A picture drawn anew is made like a new scene; another picture of the user's is not.
        const lines = (await txRepo.scenes(task.id)).map((s) => s.line);
        await admit(actor, repos, task, { lines, scenes: next.pictureKind === 'generated' ? 1 : 0, config });
        const updated = await txRepo.updateScene(scene.id, { ...next, ...bump(scene) });
        return { made: updated, dropped: [pictureFile(scene)] };
      });
    },

    async move(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoSceneMove>) {
      return editing.change(actor, body.taskId, async (txRepo, task) => {
        await sceneIn(txRepo, task.id, body.sceneId);
        const order = (await txRepo.scenes(task.id)).map((s) => s.id).filter((id) => id !== body.sceneId);
        order.splice(Math.min(body.position, order.length), 0, body.sceneId);
        await txRepo.renumber(order);
      });
    },

    async deleteScene(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoSceneDelete>) {
      return editing.change(actor, body.taskId, async (txRepo, task) => {
        const scene = await sceneIn(txRepo, task.id, body.sceneId);
        const rest = (await txRepo.scenes(task.id)).filter((s) => s.id !== scene.id);
        if (!rest.length) throw badRequest('video_storyboard_last_scene');
        await txRepo.deleteScene(scene.id);
        await txRepo.renumber(rest.map((s) => s.id));
        return { dropped: [voiceFile(scene), pictureFile(scene), { key: scene.clipKey, owned: true }] };
      });
    },

    async addScene(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoSceneAdd>) {
      const line = await cleanLine(actor, body.line);
      const config = await configOf(actor);
      return editing.change(actor, body.taskId, async (txRepo, task, repos) => {
        const scenes = await txRepo.scenes(task.id);
        await admit(actor, repos, task, { lines: [...scenes.map((s) => s.line), line], scenes: 1, config });
        const after = body.afterSceneId === null ? null : await sceneIn(txRepo, task.id, body.afterSceneId);
        const position = after ? after.position + 1 : 0;
        await txRepo.shiftFrom(task.id, position);
        const [row] = await txRepo.insertScenes([
          {
            tenantId: task.tenantId,
            taskId: task.id,
            position,
            line,
            ...firstPicture(task.renderPayload as RenderPayload, null),
            updatedAt: clock.now(),
          },
        ]);
        return { made: row };
      });
    },
  };
};
