import {
  videoStageSchema,
  type endpoints,
  type Locale,
  type ParsedBodyOf,
  type VideoTask,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { hasMessage, translate } from '../../platform/i18n/i18n.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import type { VideoHold } from './video.hold.js';
import type { VideoRepositories, VideoTaskView } from './video.repository.js';

/** Where a task's files live: private, or public for videos made before videos were private (until moved). */
const filesOf = (task: { filesPrivate: boolean }): Visibility => (task.filesPrivate ? 'private' : 'public');

/** Why a failed render failed, in the caller's language, at the stage that broke. */
const errorOf = (view: VideoTaskView, locale: Locale): VideoTask['error'] => {
  if (view.state !== 'failed') return null;
  const stage = videoStageSchema.safeParse(view.errorStage ?? view.stage);
  const id =
    view.errorId && hasMessage(view.errorId)
      ? view.errorId
      : view.jobError === 'timeout'
        ? 'video_timeout'
        : 'video_compose_failed';
  return { stage: stage.success ? stage.data : 'script', message: translate(locale, id) };
};

/** The caller's videos as the page shows them; reading one settles the gold of a render that died unsettled. */
export const createVideoViews = (deps: {
  clock: Clock;
  storage: Pick<FileStorage, 'urlFor'>;
  store: VideoRepositories;
  hold: Pick<VideoHold, 'giveBack'>;
}) => {
  const { clock, storage } = deps;
  const { videos } = deps.store.repos;

  const toTask = (view: VideoTaskView, locale: Locale): VideoTask => {
    const now = clock.now();
    const stage = videoStageSchema.safeParse(view.stage);
    return {
      id: view.id,
      status: view.state,
      progress: view.state === 'succeeded' ? 100 : view.progress,
      stage:
        view.state === 'failed' ? (errorOf(view, locale)?.stage ?? null) : stage.success ? stage.data : null,
      title: view.title,
      templateId: view.templateId,
      templateLabel: view.templateLabel,
      voice: view.voice,
      speed: view.speed,
      imageSource: view.imageSource,
      subtitleAnchor: view.subtitleAnchor,
      // Signed links of 600 s (videos made before they were private: plain public URLs until moved).
      videoUrl: view.videoKey ? storage.urlFor(view.videoKey, filesOf(view)) : null,
      coverUrl: view.coverKey ? storage.urlFor(view.coverKey, filesOf(view)) : null,
      duration: view.duration,
      width: view.width,
      height: view.height,
      estimate: { words: view.estimateWords, seconds: view.estimateSeconds, gold: view.cost },
      cost: view.cost,
      expireAt: view.expireAt.toISOString(),
      expired: now >= view.expireAt,
      engine: view.engine,
      offline: view.offline,
      error: errorOf(view, locale),
      createTime: view.createdAt.toISOString(),
      storyboard: view.phase === 'storyboard',
      batchId: view.batchId,
      waiting: view.phase === 'waiting',
    };
  };

  /** A failed or canceled task still holding gold (its worker died before saying so) is settled on read. */
  const reconcile = async (view: VideoTaskView): Promise<VideoTaskView> => {
    if ((view.state === 'failed' || view.state === 'canceled') && view.cost > 0) {
      await deps.hold.giveBack(view);
      return { ...view, cost: 0 };
    }
    return view;
  };

  /** One of the caller's live tasks (404 otherwise), settled. */
  const findOwned = async ({ tenantId, uid }: Actor, id: number) => {
    const view = await videos.findOwned(tenantId, uid, id);
    if (!view) throw notFound('video_task_not_found');
    return reconcile(view);
  };

  return {
    toTask,
    findOwned,

    async detail(actor: Actor, id: number) {
      return toTask(await findOwned(actor, id), actor.locale);
    },

    async page(actor: Actor, p: ParsedBodyOf<typeof endpoints.articleToVideoPage>) {
      const page = await videos.page(actor.tenantId, actor.uid, p);
      const settled = await Promise.all(page.items.map(reconcile));
      return { ...page, items: settled.map((v) => toTask(v, actor.locale)) };
    },
  };
};
export type VideoViews = ReturnType<typeof createVideoViews>;
