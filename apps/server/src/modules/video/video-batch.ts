import { VIDEO_BATCH_ARTICLES_MAX, videoJobTypes, type endpoints, type ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { actorFor, type Actor } from '../../platform/identity/actor.js';
import { taskPlaces, type TaskLimits } from '../../platform/jobs/task-limits.js';
import { unqueuedGraceStart } from '../../platform/jobs/unqueued-tasks.js';
import { getAppConfig } from '../dictionary/index.js';
import type { VideoHold } from './video.hold.js';
import type { RenderPayload } from './video.payload.js';
import type { VideoRepositories, VideoRepository } from './video.repository.js';
import type { VideoRenders } from './video-render.js';
import type { VideoRequests } from './video-request.js';
import type { VideoTaskRow } from './video.table.js';
import type { VideoViews } from './video-views.js';

/** How many of a user's batch videos may wait for a free render place (one full batch). */
const VIDEO_BATCH_WAITING_MAX = VIDEO_BATCH_ARTICLES_MAX;

type BatchBody = ParsedBodyOf<typeof endpoints.articleToVideoBatch>;
type AddBody = ParsedBodyOf<typeof endpoints.articleToVideoAdd>;

/** The add bodies of a batch's videos, in the order they are made. */
const batchItems = (body: BatchBody): AddBody[] => {
  const { articleIds, templateIds, articleId, title, text, templateId, ...shared } = body;
  if (articleIds) return articleIds.map((id) => ({ ...shared, articleId: id, templateId: templateId! }));
  return (templateIds ?? []).map((t) => ({ ...shared, articleId, title, text, templateId: t }));
};

/**
 * The user's render places: their limit and how many renders are active, with the user's row locked for the
 * rest of the transaction (the batch's balance check and the claim of waiting videos are one decision with it).
 */
const renderPlaces = (
  tx: Tx,
  videos: VideoRepository,
  { tenantId, uid }: Actor,
  limits: TaskLimits,
  now: Date,
) =>
  taskPlaces(tx, {
    tenantId,
    userId: uid,
    capability: 'video',
    jobType: videoJobTypes.articleToVideo,
    limits,
    now,
    unqueued: () => videos.unqueuedSince(tenantId, uid, unqueuedGraceStart(now)),
  });

/** 批量生成: several videos accepted at once, waiting for free render places and started as places free up. */
export const createVideoBatches = (deps: {
  db: Db;
  store: VideoRepositories;
  clock: Clock;
  hold: VideoHold;
  requests: Pick<VideoRequests, 'prepare'>;
  renders: Pick<VideoRenders, 'queueRender'>;
  views: Pick<VideoViews, 'toTask'>;
}) => {
  const { db, store, clock } = deps;
  const { videos } = store.repos;
  /** Starting a user's waiting videos runs one at a time per user in this process (the row lock orders processes). */
  const starting = new Map<string, Promise<unknown>>();

  /**
   * Starts as many of the user's waiting batch videos as they have free render places (oldest first): taken
   * out of the queue in a transaction that counts the places with the user's row locked, then enqueued. One
   * whose job cannot be enqueued goes back to waiting. Called when a batch is accepted, when a render ends and
   * by the recurring sweep (each for the videos' owner). Answers how many started.
   */
  const startWaiting = (owner: Actor): Promise<number> => {
    const { tenantId, uid } = owner;
    const key = `${tenantId}:${uid}`;
    const run = (starting.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const { taskLimits } = await getAppConfig(db, tenantId);
        const now = clock.now();
        const claimed = await store.transaction(async (repos, tx) => {
          const { limit, active } = await renderPlaces(tx, repos.videos, owner, taskLimits, now);
          return limit > active ? repos.videos.claimWaiting(tenantId, uid, limit - active, now) : [];
        });
        let started = 0;
        for (const task of claimed) {
          try {
            await deps.renders.queueRender(task, {
              ...(task.renderPayload as RenderPayload),
              taskId: task.id,
            });
            started += 1;
          } catch {
            await videos.backToWaiting(task.id);
          }
        }
        return started;
      });
    starting.set(key, run);
    void run
      .finally(() => {
        if (starting.get(key) === run) starting.delete(key);
      })
      .catch(() => undefined);
    return run;
  };

  return {
    startWaiting,

    /** Starts the waiting videos of every user who has free places (the recurring sweep; a crash strands none). */
    async startAllWaiting(batch = 200): Promise<number> {
      let started = 0;
      for (const { tenantId, userId } of await videos.usersWithWaiting(batch))
        started += await startWaiting(actorFor(tenantId, userId)).catch(() => 0);
      return started;
    },

    /**
     * 批量生成: up to 5 videos in one go, each its own task (its own gold hold, refund and notice, as `add`). Every
     * video is checked first; then one transaction holds the gold of all of them (not enough for the total:
     * nothing is made) and stores them waiting; as many as the user has free render places start at once, the
     * others when earlier renders end (`startWaiting`).
     */
    async addBatch(actor: Actor, batch: BatchBody) {
      const { tenantId, uid } = actor;
      const prepared: Awaited<ReturnType<VideoRequests['prepare']>>[] = [];
      for (const body of batchItems(batch))
        prepared.push(await deps.requests.prepare(actor, body, { ownArticleOnly: true }));
      const need = prepared.reduce((sum, p) => sum + p.estimate.gold, 0);
      const { saveVideoTime, taskLimits } = await getAppConfig(db, tenantId);
      const now = clock.now();
      const tasks = await store.transaction(async ({ videos: txVideos, users }, tx) => {
        // Locks the user's row: the balance read below and the holds are one decision.
        const { limit, active } = await renderPlaces(tx, txVideos, actor, taskLimits, now);
        const waiting =
          (await txVideos.waitingCount(tenantId, uid)) + prepared.length - Math.max(0, limit - active);
        if (waiting > VIDEO_BATCH_WAITING_MAX)
          throw new AppError(429, 'video_batch_queue_full', { waiting, max: VIDEO_BATCH_WAITING_MAX });
        const balance = (await users.lockLive(tenantId, uid))?.gold ?? 0;
        if (balance < need)
          throw new AppError(409, 'video_batch_gold_short', {
            count: prepared.length,
            need,
            balance,
            missing: need - balance,
          });
        const rows: VideoTaskRow[] = [];
        for (const p of prepared) {
          const row = await txVideos.insert({
            ...p.task,
            cost: p.estimate.gold,
            phase: 'waiting',
            renderPayload: p.payload,
            createdAt: now,
            expireAt: new Date(now.getTime() + saveVideoTime * 1000),
          });
          await deps.hold.place(tx, row, p.estimate.gold);
          rows.push(row);
        }
        await txVideos.setBatch(
          rows.map((r) => r.id),
          rows[0]!.id,
        );
        return rows;
      });
      await startWaiting(actor);
      const views = await Promise.all(tasks.map((t) => videos.findOwned(tenantId, uid, t.id)));
      return views.flatMap((v) => (v ? [deps.views.toTask(v, actor.locale)] : []));
    },
  };
};
