import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { videoJobTypes } from '@app/contract';
import { PermanentJobError } from '../../platform/jobs/job-runner.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import { encodeLabelledPicture } from '../../platform/aigc/picture-label.js';
import { stampAiLabel } from '../../platform/aigc/visible-label.js';
import { makeWorkDir, releaseWorkDir } from '../../platform/work-dirs.js';
import type { PlatformJobs } from '../../platform/jobs/recurring.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import type { ImageEngine } from '../drawing/index.js';
import type { PictureScreening } from '../moderation/index.js';
import { localCopyOf, localFileFor } from './media-files.js';
import { ffmpeg } from './pipeline/ffmpeg.js';
import { makeColourCard } from './pipeline/pictures.js';
import { localFileInput } from './pipeline/sources.js';
import type { SceneSpeech } from './pipeline/render.js';
import { sceneDrawRequest } from './pipeline/scene-picture.js';
import { madeByJob } from './storyboard-scene.js';
import type { RenderPayload, SceneJobPayload } from './video.payload.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoSceneRow } from './video.table.js';
import type { VideoSpeaker } from './video-speaker.js';

export interface ScenePictureDeps {
  storage: Pick<FileStorage, 'read' | 'resolveOwnUrl'>;
  painter: Pick<ImageEngine, 'draw'>;
}

/**
 * A local file (in `workDir`) of a scene's picture: its stored file when there is one, else made now (drawn
 * for its line, or a colour card), else the template's or the article's picture. Null: the template background.
 */
export const scenePictureFile = async (
  scene: VideoSceneRow,
  payload: RenderPayload,
  workDir: string,
  deps: ScenePictureDeps,
  signal: AbortSignal,
): Promise<string | null> => {
  if (scene.pictureKey) {
    const copy = await localCopyOf(
      { key: scene.pictureKey, visibility: (scene.pictureVisibility ?? 'private') as Visibility },
      workDir,
      deps.storage,
    );
    if (copy) return copy;
  }
  if (scene.pictureKind === 'generated') {
    const seed = Number(scene.pictureRef) || scene.id;
    const [image] = await deps.painter.draw(sceneDrawRequest(scene.line, payload.style, seed), {
      signal,
      progress: async () => undefined,
      providerTaskId: null,
      rememberTaskId: async () => undefined,
    });
    if (!image) return null;
    const file = path.join(workDir, `scene-${scene.id}-${randomUUID().slice(0, 8)}.img`);
    await writeFile(file, image);
    return file;
  }
  if (scene.pictureKind === 'color' && scene.pictureRef) {
    const file = path.join(workDir, `card-${scene.id}-${randomUUID().slice(0, 8)}.png`);
    await makeColourCard({
      colors: scene.pictureRef.split(','),
      width: payload.style.width,
      height: payload.style.height,
      out: file,
      signal,
    });
    return file;
  }
  const linked = scene.pictureRef ?? payload.templatePicture;
  return linked ? localFileFor(linked, workDir, deps.storage) : null;
};

/** A scene's stored voice as the render speaks it (no synthesis). Null when its file is gone. */
export const storedSpeech = async (
  scene: VideoSceneRow,
  storage: Pick<FileStorage, 'read'>,
): Promise<SceneSpeech | null> => {
  if (!scene.voiceKey || scene.voiceSeconds === null) return null;
  const read = await storage.read(scene.voiceKey, 'private');
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.stream) chunks.push(Buffer.from(chunk as Buffer));
  return {
    audio: Buffer.concat(chunks),
    duration: scene.voiceSeconds,
    cues: scene.words,
    engine: scene.voiceEngine ?? 'stored',
    offline: scene.voiceOffline,
  };
};

/**
 * A made scene picture as it is stored, a JPEG whatever the engine answered (the page shows it as it is): a drawn
 * one carries the visible "AI生成" and the hidden AIGC label (kind `scene`: the video task and the scene's place),
 * as a drawing does, for the user may see and save it; a colour card is no AI output and carries neither.
 */
export const scenePictureBody = async (
  file: string,
  scene: VideoSceneRow,
  task: { id: number; tenantId: number; userId: number },
  aigc: AigcSigner,
  signal: AbortSignal,
): Promise<Buffer> => {
  if (scene.pictureKind === 'generated') {
    const label = aigc.label({
      kind: 'scene',
      tenantId: task.tenantId,
      userId: task.userId,
      taskId: task.id,
      index: scene.position,
      at: new Date(),
    });
    return encodeLabelledPicture(await stampAiLabel(await readFile(file)), label, 'jpeg', 85);
  }
  const jpeg = `${file}.jpg`;
  await ffmpeg([...localFileInput(file), '-frames:v', '1', '-q:v', '3', jpeg], signal);
  return readFile(jpeg);
};

/**
 * `video_scene`: makes one storyboard scene's missing voice (with its word timings) and, for drawn pictures and
 * colour cards, its picture; stores them privately. What it made is kept only if the scene was not edited
 * meanwhile (its revision); progress (stage `voice`, then `pictures`) reaches the owner over the hub.
 */
export const registerStoryboardJobs = (deps: {
  /** AI video's repositories, the ones the module made for its services. */
  store: VideoRepositories;
  jobs: PlatformJobs;
  storage: Pick<FileStorage, 'save' | 'read' | 'remove' | 'resolveOwnUrl'>;
  speaker: Pick<VideoSpeaker, 'speak'>;
  painter: Pick<ImageEngine, 'draw'>;
  workRoot: string;
  /** Signs the hidden AI label of a drawn scene picture. */
  aigc: AigcSigner;
  /** The moderation's screen of a drawn scene picture before it is kept (the moderation module's service). */
  screenPicture?: (tenantId: number, image: Buffer) => Promise<PictureScreening>;
}) => {
  const { storage } = deps;
  const { storyboards: repo, videos: tasks } = deps.store.repos;

  deps.jobs.register(videoJobTypes.storyboardScene, async (job, ctx) => {
    const { taskId, sceneId } = job.payload as SceneJobPayload;
    const [task, scene] = await Promise.all([tasks.get(taskId), repo.getScene(sceneId)]);
    if (!task || task.deletedAt || !scene || scene.taskId !== taskId || !task.renderPayload)
      return { taskId, sceneId, skipped: true };
    const payload = task.renderPayload as RenderPayload;
    const owner = {
      tenantId: task.tenantId,
      userId: task.userId,
      category: 'video',
      visibility: 'private',
    } as const;
    const workDir = await makeWorkDir(deps.workRoot, `scene-${scene.id}`);
    try {
      if (!scene.voiceKey) {
        await ctx.progress(10, 'voice');
        const speech = await deps.speaker.speak({
          voice: payload.voice,
          text: scene.line,
          speed: task.speed,
          signal: ctx.signal,
        });
        const saved = await storage.save({
          ...owner,
          body: speech.audio,
          ext: 'mp3',
          mime: 'audio/mpeg',
          kind: 'audio',
          size: speech.audio.length,
          duration: speech.duration,
        });
        const kept = await repo.storeVoice(scene.id, scene.revision, {
          voiceKey: saved.key,
          voiceSeconds: speech.duration,
          words: speech.cues,
          voiceEngine: speech.engine,
          voiceOffline: speech.offline,
        });
        if (!kept) {
          await storage.remove(saved.key, 'private');
          return { taskId, sceneId, stale: true };
        }
      }
      if (!scene.pictureKey && madeByJob(scene.pictureKind)) {
        await ctx.progress(60, 'pictures');
        const file = await scenePictureFile(
          scene,
          payload,
          workDir,
          { storage, painter: deps.painter },
          ctx.signal,
        );
        if (file) {
          const body = await scenePictureBody(file, scene, task, deps.aigc, ctx.signal);
          // A drawn picture is scored first: at the block threshold the scene fails and nothing is kept; between
          // review and block it is kept flagged.
          const screened =
            scene.pictureKind === 'generated' ? ((await deps.screenPicture?.(task.tenantId, body)) ?? null) : null;
          if (screened?.verdict === 'block') throw new PermanentJobError('draw_picture_refused');
          const saved = await storage.save({
            ...owner,
            body,
            ext: 'jpg',
            mime: 'image/jpeg',
            kind: 'image',
            size: body.length,
            width: payload.style.width,
            height: payload.style.height,
            moderation: screened?.flag ?? null,
          });
          if (!(await repo.storePicture(scene.id, scene.revision, saved.key))) {
            await storage.remove(saved.key, 'private');
            return { taskId, sceneId, stale: true };
          }
        }
      }
      await repo.setStatus(scene.id, scene.revision, 'ready');
      return { taskId, sceneId };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (ctx.attempt >= job.maxAttempts || error instanceof PermanentJobError) {
        await repo.setStatus(scene.id, scene.revision, 'failed');
        throw new PermanentJobError(
          `scene ${sceneId}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      throw error;
    } finally {
      await releaseWorkDir(workDir);
    }
  });
};
