import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/identity/actor.js';
import { getAppConfig } from '../dictionary/index.js';
import { storyboardFits } from './storyboard-allowance.js';
import type { StoryboardEditing } from './storyboard-editing.js';
import type { RenderPayload } from './video.payload.js';
import type { VideoRepositories } from './video.repository.js';
import type { VideoService } from './video.service.js';

/**
 * 开始合成: holds the gold for every line (spec §9 per word) and queues the render, which reuses each scene's
 * finished voice and picture (and its clip, when unchanged) and makes only what is missing. The storyboard
 * can be edited again once the render has ended (修改后重新合成), and rendered again under a new hold.
 */
export const createStoryboardRender = (deps: {
  db: Db;
  store: VideoRepositories;
  clock: Clock;
  video: Pick<
    VideoService,
    'checkRenderLimit' | 'holdForRender' | 'enqueueRender' | 'findOwned' | 'toTask'
  >;
  editing: Pick<StoryboardEditing, 'edit'>;
}) =>
  async function render(actor: Actor, body: ParsedBodyOf<typeof endpoints.articleToVideoStoryboardRender>) {
    const { db, store, clock, video } = deps;
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const { saveVideoTime, prices } = await getAppConfig(db, actor.tenantId);
    const { task, value } = await deps.editing.edit(
      actor,
      body.id,
      async ({ storyboards: txRepo }, task, tx) => {
        const lines = (await txRepo.scenes(task.id)).map((s) => s.line);
        const payload = task.renderPayload as RenderPayload;
        // The limit every edit of the storyboard was held to (storyboard-allowance.ts).
        const { text, estimate } = storyboardFits(lines, task, payload.clips, prices);
        await video.checkRenderLimit(tx, actor);
        const now = clock.now();
        // Rendered before: a new render of the same task, with a hold of its own (its round); until it is
        // queued the task has no job (so the unqueued sweep settles it if this process dies meanwhile).
        const again = task.jobId !== null;
        const [row] = await txRepo.updateTask(task.id, {
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
      },
    );
    await video.enqueueRender(
      value.row,
      { ...value.payload, taskId: task.id, storyboard: true, round: value.row.renderRound },
      async () => {
        // Not queued: back to an editable storyboard (a re-render's task keeps its old job and video).
        const { previous } = value;
        await store.repos.storyboards.updateTask(task.id, {
          phase: 'storyboard',
          cost: previous.jobId ? previous.cost : 0,
          jobId: previous.jobId,
        });
      },
    );
    const view = await video.findOwned(actor, task.id);
    return video.toTask(view, actor.locale);
  };
