import {
  drawSizeOf,
  DRAW_WEEKLY_RANKING_SIZE,
  type DrawComposition,
  type DrawPageRequest,
  type DrawRatio,
  type DrawStyle,
  type DrawTask,
  type DrawVersion,
  type DrawWeeklyRanking,
  type JobState,
  type KeysetPaged,
  type Locale,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import { authorSummary } from '../../platform/identity/author.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { drawErrorId } from './drawing-error-id.js';
import type { DrawingUpscale } from './drawing-upscale.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { DrawingRepository, DrawTaskView } from './drawing.repository.js';
import type { createDrawJobs } from './drawing.jobs.js';
import { composeOffline } from './engines/offline-engine.js';
import { isoWeekOf } from './iso-week.js';

/** A task as a card shows it (its pictures public once published, else behind signed links). */
const toDto = (
  storage: Pick<FileStorage, 'urlFor'>,
  row: DrawTaskView,
  viewerId: number | null,
  locale: Locale,
  versions: DrawVersion[] = [],
): DrawTask => {
  const ended = row.status !== 'queued';
  const status = (ended ? row.status : (row.jobState ?? 'queued')) as JobState;
  const progress = status === 'succeeded' ? 100 : (row.jobProgress ?? 0);
  const error = drawErrorId(row.error ?? row.jobError, status);
  const published = row.publishedAt !== null;
  const urlOf = (key: string) => storage.urlFor(key, published ? 'public' : 'private');
  return {
    id: row.id,
    jobId: row.jobId,
    status,
    progress: Math.max(0, Math.min(100, progress)),
    stage: ended ? null : (row.jobStage ?? (status === 'queued' ? 'queued' : null)),
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    style: row.style as DrawStyle,
    ratio: row.ratio as DrawRatio,
    count: row.count,
    seed: row.seed,
    images: row.images.map((image) => ({
      url: urlOf(image.key),
      thumbUrl: urlOf(image.thumbKey),
      width: image.width,
      height: image.height,
    })),
    versions,
    remixOf: row.remixOf,
    remixes: row.remixes,
    engine: row.engine,
    offline: row.offline,
    cost: row.cost,
    error,
    errorMessage: error ? translate(locale, error) : null,
    title: row.title,
    published,
    likes: row.likes,
    liked: row.liked,
    author: authorSummary(row.author),
    mine: viewerId === row.userId,
    createTime: row.createdAt.toISOString(),
  };
};

/** The viewer id the repository reads for: null for an anonymous reader (uid 0). */
const viewerIdOf = (reader: Actor): number | null => (reader.uid > 0 ? reader.uid : null);

/**
 * Drawings as the pages show them: a task's detail (with its upscaled versions), the owner's list and the works
 * hall, the week's ranking. Reading settles a task whose job ended while no process was there to see it.
 */
export const createDrawingViews = (deps: {
  clock: Clock;
  storage: Pick<FileStorage, 'urlFor'>;
  repo: DrawingRepository;
  upscale: Pick<DrawingUpscale, 'versionsOf'>;
  settleEnded: ReturnType<typeof createDrawJobs>['settleEnded'];
}) => {
  const { storage, repo, settleEnded } = deps;

  const viewOrThrow = async (tenantId: number, id: number, viewerId: number | null) => {
    const row = await repo.view(tenantId, id, viewerId);
    if (!row || (row.userId !== viewerId && row.publishedAt === null)) throw notFound('draw_task_not_found');
    return row;
  };

  /** Settles tasks whose job ended badly while no process was there to see it (crash between the two). */
  const settleLeftovers = async ({ tenantId, uid }: Actor) => {
    for (const row of await repo.unsettled(tenantId, uid))
      await settleEnded(
        row.id,
        row.tenantId,
        row.jobState as 'failed' | 'canceled',
        row.jobError,
        row.jobStage,
      );
  };

  /** One task as its detail shows it: with its upscaled versions (lists leave them out). */
  const fullDto = async (row: DrawTaskView, viewerId: number | null, locale: Locale) =>
    toDto(
      storage,
      row,
      viewerId,
      locale,
      await deps.upscale.versionsOf(row.id, row.publishedAt !== null, row.userId === viewerId, locale),
    );

  return {
    toDto: (row: DrawTaskView, viewerId: number | null, locale: Locale) =>
      toDto(storage, row, viewerId, locale),
    fullDto,
    viewOrThrow,

    /** The offline engine's composition of a task's first picture, recomputed (the composer is deterministic). */
    async composition(reader: Actor, id: number): Promise<DrawComposition> {
      const row = await viewOrThrow(reader.tenantId, id, viewerIdOf(reader));
      if (row.engine !== 'offline') throw badRequest('draw_composition_unavailable');
      const ratio = row.ratio as DrawRatio;
      const { scene, style } = composeOffline(
        {
          prompt: row.prompt,
          negativePrompt: row.negativePrompt,
          style: row.style as DrawStyle,
          ratio,
          ...drawSizeOf(ratio),
          count: row.count,
          seed: row.seed,
          roleImages: [],
          forVideo: true,
        },
        0,
      );
      const motifs = [...new Set([...scene.matchAll(/id="motif-([a-z-]+?)(?:-\d+)?"/g)].map((m) => m[1]!))];
      return { motifs, style, svg: scene };
    },

    async detail(reader: Actor, id: number): Promise<DrawTask> {
      const { tenantId, locale } = reader;
      const viewerId = viewerIdOf(reader);
      let row = await viewOrThrow(tenantId, id, viewerId);
      if (row.status === 'queued' && (row.jobState === 'failed' || row.jobState === 'canceled')) {
        await settleEnded(row.id, row.tenantId, row.jobState, row.jobError, row.jobStage);
        row = await viewOrThrow(tenantId, id, viewerId);
      }
      return fullDto(row, viewerId, locale);
    },

    async page(reader: Actor, body: DrawPageRequest): Promise<KeysetPaged<DrawTask>> {
      const { tenantId, locale } = reader;
      const viewerId = viewerIdOf(reader);
      const mine = body.scope === 'mine';
      if (mine && !viewerId) throw new AppError(401, 'unauthorized');
      if (mine) await settleLeftovers(reader);
      const page = await repo.page({
        tenantId,
        viewerId,
        ownerId: mine ? viewerId! : body.userId,
        publishedOnly: !mine || body.published === true,
        privateOnly: mine && body.published === false,
        sort: body.sort,
        style: mine ? undefined : body.style,
        remixOf: mine ? undefined : body.remixOf,
        page: body.page,
        pageSize: body.pageSize,
        cursor: body.cursor,
      });
      return { ...page, items: page.items.map((row) => toDto(storage, row, viewerId, locale)) };
    },

    /** The hall's weekly ranking: this ISO week's most liked works (counters per work and week). */
    async weeklyRanking(reader: Actor): Promise<DrawWeeklyRanking> {
      const { tenantId, locale } = reader;
      const viewerId = viewerIdOf(reader);
      const week = isoWeekOf(deps.clock.now());
      const rows = await repo.weeklyRanking(tenantId, week, viewerId, DRAW_WEEKLY_RANKING_SIZE);
      return {
        week,
        items: rows.map((row) => ({ ...toDto(storage, row, viewerId, locale), weekLikes: row.weekLikes })),
      };
    },
  };
};
export type DrawingViews = ReturnType<typeof createDrawingViews>;
