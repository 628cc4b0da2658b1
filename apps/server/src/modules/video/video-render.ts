import { videoJobTypes, type endpoints, type ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db/client.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { checkTaskLimit } from '../../platform/jobs/task-limits.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import { getAppConfig } from '../dictionary/index.js';
import type { VideoHold } from './video.hold.js';
import type { VideoJobPayload } from './video.payload.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoRequests } from './video-request.js';
import type { VideoTaskRow } from './video.table.js';
import type { VideoViews } from './video-views.js';

/** A render's time limit; a 5-minute video renders in a few minutes on two cores. */
const VIDEO_TIMEOUT_MS = 20 * 60_000;

/**
 * Renders accepted and queued: the task limit, the gold hold, the render job; and the settling of renders that
 * ended without success or never reached the queue.
 */
export const createVideoRenders = (deps: {
  db: Db;
  store: VideoRepositories;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  hold: VideoHold;
  requests: Pick<VideoRequests, 'prepare'>;
  views: Pick<VideoViews, 'toTask'>;
}) => {
  const { db, store, clock, hold } = deps;
  const { videos } = store.repos;

  /** Enqueues a task's render job and links it to the task. */
  const queueRender = async (
    task: Pick<VideoTaskRow, 'id' | 'tenantId' | 'userId'>,
    payload: VideoJobPayload,
  ) => {
    const job = await deps.jobs.enqueue(videoJobTypes.articleToVideo, payload, {
      tenantId: task.tenantId,
      userId: task.userId,
      timeoutMs: VIDEO_TIMEOUT_MS,
      maxAttempts: 2,
    });
    await videos.attachJob(task.id, job.id);
  };

  /**
   * Refuses a render over the user's task limit (inside the transaction that accepts it, before the task
   * counts as accepted). Called by `add` and by a storyboard's render.
   */
  const checkRenderLimit = async (tx: Tx, { tenantId, uid }: Actor) => {
    const { taskLimits } = await getAppConfig(tx, tenantId);
    const now = clock.now();
    await checkTaskLimit(tx, {
      tenantId,
      userId: uid,
      capability: 'video',
      jobType: videoJobTypes.articleToVideo,
      limits: taskLimits,
      now,
      // A batch's waiting videos are in the queue too: a single video does not go before them.
      unqueued: async () => {
        const { videos: txVideos } = store.within(tx);
        return (
          (await txVideos.unqueuedSince(tenantId, uid, unqueuedGraceStart(now))) +
          (await txVideos.waitingCount(tenantId, uid))
        );
      },
    });
  };

  /** Queues the render of an accepted task; on failure gives the gold back and answers the error. */
  const enqueueRender = async (
    task: VideoTaskRow,
    payload: VideoJobPayload,
    onFailure: () => Promise<void>,
  ) => {
    try {
      await queueRender(task, payload);
    } catch (error) {
      await hold.giveBack(task);
      await onFailure();
      throw error;
    }
  };

  return {
    queueRender,
    checkRenderLimit,
    enqueueRender,

    /** Holds a render's gold, in the transaction that accepts it. */
    holdForRender: (
      tx: Tx,
      task: { tenantId: number; userId: number; id: number; renderRound: number },
      gold: number,
    ) => hold.place(tx, task, gold),

    /** Accepts a video: checks everything it can now, holds the gold (per word, spec §9) and queues the render. */
    async add(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoAdd>) {
      const prepared = await deps.requests.prepare(actor, body);
      const { saveVideoTime } = await getAppConfig(db, actor.tenantId);
      const now = clock.now();
      const task = await store.transaction(async (repos, tx) => {
        await checkRenderLimit(tx, actor);
        const row = await repos.videos.insert({
          ...prepared.task,
          cost: prepared.estimate.gold,
          createdAt: now,
          expireAt: new Date(now.getTime() + saveVideoTime * 1000),
        });
        await hold.place(tx, row, prepared.estimate.gold);
        return row;
      });
      await enqueueRender(task, { ...prepared.payload, taskId: task.id }, async () => {
        await videos.softDelete(task.id, clock.now());
      });
      return deps.views.toTask((await videos.findOwned(actor.tenantId, actor.uid, task.id))!, actor.locale);
    },

    /**
     * Tasks accepted (gold held) whose process died before their job was linked: linked to their job when it
     * was enqueued after all, else given their gold back and dropped like a task whose enqueue failed. Answers
     * how many were dropped.
     */
    async sweepUnqueued(now = clock.now()): Promise<number> {
      let dropped = 0;
      for (const task of await videos.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH)) {
        const jobId = await jobOfTask(db, videoJobTypes.articleToVideo, task.id);
        // A storyboard rendered again has older jobs: only the job of this render (its round) counts.
        if (jobId && (await videos.jobRound(jobId)) === task.renderRound) {
          await videos.attachJob(task.id, jobId);
          continue;
        }
        if (task.batchId !== null) {
          // A batch's video taken out of the queue by a process that died before enqueuing it: it waits again.
          await videos.backToWaiting(task.id);
          continue;
        }
        await hold.giveBack(task);
        // A re-render that was never queued: back to its storyboard, its earlier video kept.
        if (task.renderRound > 0) await videos.backToStoryboard(task.id, jobId ?? null);
        else await videos.softDelete(task.id, now);
        dropped += 1;
      }
      return dropped;
    },

    /** Called when a render ends without success (failed for good, canceled, timed out). */
    async onJobOver(jobId: number) {
      const task = await videos.findByJob(jobId);
      if (task) await hold.giveBack(task);
    },
  };
};
export type VideoRenders = ReturnType<typeof createVideoRenders>;
