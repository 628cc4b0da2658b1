import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { videoJobTypes } from '@app/contract';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import { PermanentJobError } from '../../platform/jobs/job-runner.js';
import { makeWorkDir, releaseWorkDir } from '../../platform/work-dirs.js';
import type { PlatformJobs } from '../../platform/jobs/recurring.js';
import { UNQUEUED_SWEEP_MS } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { ImageEngine } from '../drawing/index.js';
import { localCopyOf, localFileFor } from './media-files.js';
import type { ScoreAudio } from './music/score-audio.js';
import type { MusicInput } from './pipeline/compose.js';
import { sceneDrawRequest } from './pipeline/scene-picture.js';
import { renderVideo, StageError } from './pipeline/render.js';
import type { VideoRepositories } from './video.repository.js';
import { scenePictureFile, storedSpeech } from './storyboard.jobs.js';
import type { VideoService } from './video.service.js';
import type { VideoJobPayload, VideoMusic } from './video.payload.js';
import type { TaskNotices } from '../../platform/task-notices.js';
import type { Clock } from '../../platform/clock.js';
import { actorFor } from '../../platform/identity/actor.js';
import type { VideoSpeaker } from './video-speaker.js';
import { recordHistory } from '../history/index.js';
import { isSharedInPlaza } from '../plaza/index.js';
import { storyboardClipCache } from './scene-clips.js';
import { getAppConfig } from '../dictionary/index.js';
import { aigcFfmpegArgs } from '../../platform/aigc/aigc-embed.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import { encodeLabelledPicture } from '../../platform/aigc/picture-label.js';

/** How often the expiry sweep runs (once per cluster). */
export const EXPIRY_SWEEP_MS = 10 * 60_000;
/** The recurring job that settles tasks whose process died between accepting them and enqueuing their job. */
export const UNQUEUED_SWEEP_JOB = 'video_unqueued_sweep';
/** The recurring job that starts waiting batch videos whose owner has free places (after a crash, say). */
export const BATCH_SWEEP_JOB = 'video_batch_sweep';
const BATCH_SWEEP_MS = 60_000;
/** The recurring job that makes the public files of videos made before videos were private private. */
const PRIVATE_MOVE_JOB = 'video_private_move';

/**
 * The render job and the expiry sweep. A render is safe to run again after a crash: it starts from the task
 * row in a fresh work folder, and the gold is spent by a conditional capture in the same transaction as the
 * result, so a second run can never charge twice; a task deleted meanwhile keeps no files.
 */
export const registerVideoJobs = (deps: {
  /** For the plaza's read of a shared video. */
  db: Db;
  /** AI video's repositories, the ones the module made for its services. */
  store: VideoRepositories;
  jobs: PlatformJobs;
  storage: Pick<FileStorage, 'save' | 'read' | 'remove' | 'resolveOwnUrl' | 'backend'>;
  censor: Pick<CensorService, 'censorText'>;
  speaker: Pick<VideoSpeaker, 'speak'>;
  /** The drawing engine that draws a picture per scene (`draw` source). */
  painter: Pick<ImageEngine, 'draw'>;
  service: Pick<
    VideoService,
    | 'hold'
    | 'onJobOver'
    | 'expireDue'
    | 'sweepUnqueued'
    | 'moveFilesToPrivate'
    | 'startWaiting'
    | 'startAllWaiting'
  >;
  workRoot: string;
  clock: Clock;
  /** The project's own music, as audio. */
  scoreAudio: ScoreAudio;
  /** Tells the owner in the message centre when a render succeeds or fails (after its commit). */
  notices?: TaskNotices;
  /** Signs the hidden AI label (MP4 metadata AIGC) of every video. */
  aigc: AigcSigner;
}) => {
  const { db, store, jobs, storage, speaker } = deps;
  const notices: TaskNotices = deps.notices ?? (async () => undefined);
  const { hold } = deps.service;
  const { videos, storyboards } = store.repos;

  /** The music's input for ffmpeg: a local file (copied into the work folder when stored), or its synth. */
  const musicInput = async (music: VideoMusic | null, workDir: string): Promise<MusicInput | null> => {
    if (!music) return null;
    if (music.stored) return { file: (await localCopyOf(music.stored, workDir, storage)) ?? undefined };
    const score = music.score ? await deps.scoreAudio.fileFor(music.score) : null;
    if (score) return { file: score };
    if (music.file) return { file: (await localFileFor(music.file, workDir, storage)) ?? undefined };
    return { lavfi: music.lavfi };
  };

  /**
   * A storyboard rendered again replaces its earlier video once the new one is stored: the earlier files go,
   * unless a plaza work still shows them (they then stay with that work).
   */
  const dropReplaced = async (before: {
    tenantId: number;
    videoKey: string | null;
    coverKey: string | null;
  }) => {
    if (!before.videoKey || (await isSharedInPlaza(db, before.tenantId, before.videoKey))) return;
    for (const key of [before.videoKey, before.coverKey]) {
      if (!key) continue;
      await storage.backend.delete(key, 'private').catch(() => undefined);
      await storage.backend.delete(key, 'public').catch(() => undefined);
    }
  };

  jobs.register(videoJobTypes.articleToVideo, async (job, ctx) => {
    const payload = job.payload as VideoJobPayload;
    const task = await videos.get(payload.taskId);
    if (!task || task.deletedAt) return { taskId: payload.taskId, skipped: true };
    const workDir = await makeWorkDir(deps.workRoot, `video-${task.id}`);
    try {
      const template = payload.templatePicture
        ? await localFileFor(payload.templatePicture, workDir, storage)
        : null;
      let articlePictures: string[] | null = null;
      // A storyboard's scenes, in their order: each one's finished voice and picture are used as they are.
      const storyboard = payload.storyboard ? await storyboards.scenes(task.id) : null;
      const videoLabel = deps.aigc.label({
        kind: 'video',
        tenantId: task.tenantId,
        userId: task.userId,
        taskId: task.id,
        at: task.createdAt,
      });
      const output = await renderVideo({
        title: task.title,
        text: task.text,
        scenes: storyboard?.map((s) => ({ text: s.line, heading: s.heading })),
        style: payload.style,
        background: payload.background,
        clips: payload.clips,
        music: await musicInput(payload.music, workDir),
        mix: payload.mix,
        workDir,
        signal: ctx.signal,
        async censor(text) {
          if (!(await deps.censor.censorText(text, task.tenantId)).ok) {
            throw new StageError('script', 'video_content_rejected');
          }
        },
        async speak(text, signal, index) {
          const scene = storyboard?.[index];
          const stored = scene && scene.line === text ? await storedSpeech(scene, storage) : null;
          return stored ?? speaker.speak({ voice: payload.voice, text, speed: task.speed, signal });
        },
        async pictureFor(index, _count, scene) {
          const planned = storyboard?.[index];
          if (planned)
            return scenePictureFile(
              planned,
              payload,
              workDir,
              { storage, painter: deps.painter },
              ctx.signal,
            );
          if (payload.imageSource === 'draw') {
            const [image] = await deps.painter.draw(
              sceneDrawRequest(scene.text, payload.style, task.id * 100 + index),
              {
                signal: ctx.signal,
                progress: async () => undefined,
                providerTaskId: null,
                rememberTaskId: async () => undefined,
              },
            );
            if (!image) return template;
            const file = path.join(workDir, `drawn-${index}.img`);
            await writeFile(file, image);
            return file;
          }
          if (payload.imageSource !== 'article') return template;
          articlePictures ??= (
            await Promise.all(payload.articleImages.map((url) => localFileFor(url, workDir, storage)))
          ).filter((file): file is string => !!file);
          return articlePictures.length ? articlePictures[index % articlePictures.length]! : template;
        },
        progress: (percent, stage) => ctx.progress(percent, stage),
        // The AI labels: the opening one always, the corner mark unless the operator turned it off; the signed MP4 tag.
        aiCornerMark: (await getAppConfig(db, task.tenantId)).aiLabels.videoCornerMark,
        outputArgs: aigcFfmpegArgs(videoLabel, 'mp4'),
        sceneClips: storyboard
          ? storyboardClipCache({
              scenes: storyboard,
              repo: storyboards,
              storage,
              owner: { tenantId: task.tenantId, userId: task.userId },
            })
          : undefined,
      });

      await ctx.progress(95, 'store');
      // The cover is a frame of the video: it carries the video's hidden label too.
      await writeFile(output.cover, await encodeLabelledPicture(await readFile(output.cover), videoLabel, 'jpeg'));
      const saved = await Promise.all([
        storage.save({
          tenantId: task.tenantId,
          userId: task.userId,
          category: 'video',
          visibility: 'private',
          body: { path: output.video },
          ext: 'mp4',
          mime: 'video/mp4',
          kind: 'video',
          size: (await stat(output.video)).size,
          width: output.width,
          height: output.height,
          duration: output.seconds,
        }),
        storage.save({
          tenantId: task.tenantId,
          userId: task.userId,
          category: 'video',
          visibility: 'private',
          body: { path: output.cover },
          ext: 'jpg',
          mime: 'image/jpeg',
          kind: 'image',
          size: (await stat(output.cover)).size,
        }),
      ]).catch((error: unknown) => {
        throw new StageError('store', 'video_store_failed', false, String(error));
      });
      const stored = await store.transaction(async (repos, tx) => {
        const done = await repos.videos.complete(task.id, {
          videoKey: saved[0].key,
          coverKey: saved[1].key,
          duration: output.seconds,
          width: output.width,
          height: output.height,
          engine: output.engine,
          offline: output.offline,
          cues: output.cues,
          filesPrivate: true,
        });
        if (done && task.cost > 0) await hold.capture(tx, task);
        // The finished video is listed in the user's 下载管理 (generated history), with the result.
        if (done)
          await recordHistory(tx, {
            tenantId: task.tenantId,
            userId: task.userId,
            kind: 'generated',
            refType: 'video',
            refId: task.id,
            title: task.title,
            link: '/media/video/list',
            now: deps.clock.now(),
          });
        return done;
      });
      if (!stored) for (const file of saved) await storage.backend.delete(file.key, 'private');
      else await dropReplaced(task);
      if (stored)
        await notices(task.tenantId, task.userId, {
          kind: 'video',
          taskId: task.id,
          name: task.title,
          succeeded: true,
        });
      return { taskId: task.id, seconds: output.seconds };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const failure =
        error instanceof StageError
          ? error
          : new StageError('store', 'video_store_failed', false, String(error));
      await videos.recordFailure(task.id, failure.stage, failure.message);
      if (failure.permanent || ctx.attempt >= job.maxAttempts) {
        throw new PermanentJobError(`${failure.stage}: ${failure.message} ${failure.detail ?? ''}`.trim());
      }
      throw error;
    } finally {
      await releaseWorkDir(workDir);
    }
  });

  // A render that ends without success gives its gold back (the hold moves once, whichever process sees it); a
  // failure then tells the owner the stage that broke and the gold given back (the notice is sent once per task).
  jobs.onEvent((event) => {
    if (event.type !== videoJobTypes.articleToVideo) return;
    // A render that ends frees one of its owner's places: their next waiting batch video starts.
    if (event.userId !== null && ['succeeded', 'failed', 'canceled'].includes(event.state))
      void deps.service.startWaiting(actorFor(event.tenantId, event.userId)).catch(() => undefined);
    if (event.state !== 'failed' && event.state !== 'canceled') return;
    void (async () => {
      await deps.service.onJobOver(event.jobId);
      if (event.state !== 'failed') return;
      const task = await videos.findByJob(event.jobId);
      if (!task || task.deletedAt) return;
      await notices(task.tenantId, task.userId, {
        kind: 'video',
        taskId: task.id,
        name: task.title,
        succeeded: false,
        stage: task.errorStage ?? event.stage,
        goldReturned: await hold.returned(task),
      });
    })().catch(() => undefined);
  });

  jobs.every(videoJobTypes.expirySweep, EXPIRY_SWEEP_MS, async () => ({
    expired: await deps.service.expireDue(),
  }));
  jobs.every(PRIVATE_MOVE_JOB, EXPIRY_SWEEP_MS, async () => ({
    moved: await deps.service.moveFilesToPrivate(),
  }));
  jobs.every(UNQUEUED_SWEEP_JOB, UNQUEUED_SWEEP_MS, async () => ({
    dropped: await deps.service.sweepUnqueued(),
  }));
  jobs.every(BATCH_SWEEP_JOB, BATCH_SWEEP_MS, async () => ({
    started: await deps.service.startAllWaiting(),
  }));
};
