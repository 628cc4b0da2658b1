import { VIDEO_STORYBOARD_SCENES_MAX, type AppConfig } from '@app/contract';
import { shanghaiDate } from '../../platform/clock.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clip } from './pipeline/render.js';
import { checkSpoken, estimateWith } from './video-request.js';
import type { VideoRepositories } from './video.repository.js';

type VideoRepos = VideoRepositories['repos'];

/**
 * What a storyboard's render will accept and cost, for its scenes' lines: refused past the scene limit or the
 * render's own text limit (`checkSpoken`, 400 `video_text_too_long`): the one limit render applies too, so a
 * storyboard never grows into one its render refuses.
 */
export const storyboardFits = (
  lines: string[],
  task: { speed: number },
  clips: Clip[],
  prices: AppConfig['prices'],
) => {
  if (lines.length > VIDEO_STORYBOARD_SCENES_MAX)
    throw badRequest('video_storyboard_scene_limit', { max: VIDEO_STORYBOARD_SCENES_MAX });
  const text = lines.join('\n');
  const { spoken, estimate } = estimateWith(prices, text, task.speed, clips);
  checkSpoken(spoken, estimate);
  return { text, estimate };
};

/**
 * The price of making storyboard scenes (voice and picture), in the transaction that asks for them. Scenes are
 * free previews, but only for a user whose gold covers the render of the whole storyboard (checked, not held:
 * the render holds it; 409 `video_storyboard_gold_short` otherwise), and at most app_config
 * `storyboardPreviewsPerDay` scenes a day (429 `video_storyboard_previews_exhausted`).
 */
export const admitScenes = async (
  repos: Pick<VideoRepos, 'users' | 'storyboards'>,
  actor: Actor,
  input: { renderGold: number; scenes: number; perDay: number; now: Date },
) => {
  const { tenantId, uid } = actor;
  // Locks the user's row: the balance read and the day's count are one decision.
  const balance = (await repos.users.lockLive(tenantId, uid))?.gold ?? 0;
  if (balance < input.renderGold) {
    throw new AppError(409, 'video_storyboard_gold_short', {
      need: input.renderGold,
      balance,
      missing: input.renderGold - balance,
    });
  }
  if (input.scenes <= 0) return;
  const day = shanghaiDate(input.now);
  const counted = await repos.storyboards.takePreviews(tenantId, uid, day, input.scenes, input.perDay);
  if (counted === null) throw new AppError(429, 'video_storyboard_previews_exhausted', { max: input.perDay });
};
