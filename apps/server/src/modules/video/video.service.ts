import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  dictDataSchemas,
  estimateVideo,
  UPLOAD_RULES,
  VIDEO_BATCH_ARTICLES_MAX,
  VIDEO_TEXT_MAX,
  videoJobTypes,
  videoStageSchema,
  type Locale,
  type MusicScoreId,
  type TtsVoice,
  type VideoBatchEstimate,
  type VideoBgm,
  type endpoints,
  type ParsedBodyOf,
  type VideoOptions,
  type VideoShare,
  type VideoTask,
  type VideoTemplate,
  type VideoImageSource,
} from '@app/contract';
import './video.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { MemberRequest } from '../../platform/identity/membership.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db, Tx as DbTx } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { hasMessage, translate } from '../../platform/i18n/i18n.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { checkTaskLimit, taskPlaces } from '../../platform/jobs/task-limits.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import { getAppConfig, getDictionary } from '../dictionary/index.js';
import { articleSource, isSharedInPlaza } from '../plaza/index.js';
import type { ScoreAudio } from './music/score-audio.js';
import { localFileFor } from './media-files.js';
import { ffmpeg } from './pipeline/ffmpeg.js';
import { musicInputArgs, MusicSourceRefused } from './pipeline/sources.js';
import type { Clip } from './pipeline/render.js';
import { splitIntoScenes, spokenText } from './pipeline/script.js';
import { defaultSafeMargins, type SafeMargins, type TextStyle } from './pipeline/subtitles.js';
import { createVideoRepository, type VideoTaskView } from './video.repository.js';
import { createStoryboardRepository } from './storyboard.repository.js';
import type { VideoTaskRow } from './video.table.js';
import type { VideoSpeaker } from './video-speaker.js';

export const VIDEO_HOLD_TYPE = 'article_to_video';
/** The hold of one render of a task: its first render's is the task id, a re-render's adds its round. */
export const holdRef = (tenantId: number, taskId: number, round = 0) => ({
  tenantId,
  refType: VIDEO_HOLD_TYPE,
  refId: round ? `${taskId}.${round}` : String(taskId),
});

const DEFAULT_FONT = 'WenQuanYi Micro Hei';
const DEFAULT_BACKGROUND = '#000000';
/** A render's time limit; a 5-minute video renders in a few minutes on two cores. */
export const VIDEO_TIMEOUT_MS = 20 * 60_000;
/** How many of a user's batch videos may wait for a free render place (one full batch). */
export const VIDEO_BATCH_WAITING_MAX = VIDEO_BATCH_ARTICLES_MAX;
/** A video never lasts longer than the spec §9 media video limit. */
const VIDEO_MAX_SECONDS = 300;

/**
 * The music of a render: one of the project's scores (with the item's file or synth for a server without
 * fluidsynth), a file the site serves, the user's own upload, or a synth.
 */
export interface VideoMusic {
  score?: MusicScoreId;
  file?: string;
  stored?: { key: string; visibility: Visibility };
  lavfi?: string;
}

/** A user's own music: within the spec's media audio limits (a short tolerance on the measured length). */
const OWN_MUSIC_RULE = UPLOAD_RULES.media.audio!;
const OWN_MUSIC_TOLERANCE_SECONDS = 0.25;

/** What a render job needs, fixed when the task is accepted (later dictionary edits do not change it). */
export interface VideoJobPayload {
  taskId: number;
  voice: TtsVoice;
  style: TextStyle;
  background: string;
  /** Template cover, the picture of the `template` source. */
  templatePicture: string;
  clips: Clip[];
  music: VideoMusic | null;
  /** Voice and music loudness in percent (absent in jobs queued before it existed: 100 each). */
  mix?: { voice: number; music: number };
  imageSource: VideoImageSource;
  /** Pictures of the article (site paths or URLs), for the `article` source. */
  articleImages: string[];
  /** Rendered from the task's storyboard scenes, reusing each one's finished voice and picture. */
  storyboard?: boolean;
  /** Which render of the task this is (a storyboard rendered again: its `renderRound`); absent for the first. */
  round?: number;
}

export interface VideoServiceDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue' | 'cancel'>;
  storage: Pick<
    FileStorage,
    'urlFor' | 'backend' | 'resolveOwnUrl' | 'read' | 'copyTo' | 'ownFile' | 'remove'
  >;
  censor: Pick<CensorService, 'censorText'>;
  speaker: Pick<VideoSpeaker, 'resolve'>;
  /** Where music previews are cached. */
  cacheDir: string;
  /** The project's own music, as audio. */
  scoreAudio: ScoreAudio;
  /** Whether the drawing engine can draw scene pictures on this server. */
  drawAvailable: () => Promise<boolean>;
}

/** A video_template item's data (dictDataSchemas.video_template). */
interface TemplateData {
  cover: string;
  width: number;
  height: number;
  fontSize: number;
  fontColor: string;
  subtitlePosition: number;
  bgm: string | null;
  transition: string;
  description: string;
  titlePosition?: number;
  font?: string;
  background?: string;
  inserts?: string[];
  safeArea?: SafeMargins;
}

export const createVideoService = (deps: VideoServiceDeps) => {
  const { db, clock, jobs, storage, censor, speaker } = deps;
  const goldHolds = createGoldHolds(clock);
  const repo = createVideoRepository(db);

  const parsedItems = async <T>(
    tenantId: number,
    name: 'video_template' | 'app_bgm' | 'app_video_insert',
    locale?: Locale,
  ) => {
    const { items } = await getDictionary(db, tenantId, name, locale);
    return items.flatMap((item) => {
      const parsed = dictDataSchemas[name].safeParse(item.data);
      return parsed.success ? [{ value: item.value, label: item.label, data: parsed.data as T }] : [];
    });
  };

  /** With a `locale`: names and descriptions in that language, for the page that lists them. */
  const templates = async (tenantId: number, locale?: Locale): Promise<VideoTemplate[]> =>
    (await parsedItems<TemplateData>(tenantId, 'video_template', locale)).map(({ value, label, data }) => ({
      value,
      label,
      description: data.description,
      cover: data.cover,
      width: data.width,
      height: data.height,
      fontSize: data.fontSize,
      fontColor: data.fontColor,
      font: data.font ?? DEFAULT_FONT,
      background: data.background ?? DEFAULT_BACKGROUND,
      subtitleAnchor: data.subtitlePosition,
      titleAnchor: data.titlePosition ?? 2,
      bgm: data.bgm,
      inserts: data.inserts ?? [],
      transition: data.transition,
      safeArea: data.safeArea ?? defaultSafeMargins(data.width, data.height),
    }));

  type BgmData = { mood: string; duration: number; url: string | null; lavfi: string; score?: MusicScoreId };
  /** What plays for an app_bgm item (its score, with its file or synth where the score cannot play). */
  const musicOfBgm = (data: BgmData): VideoMusic => ({
    ...(data.score ? { score: data.score } : {}),
    ...(data.url ? { file: data.url } : { lavfi: data.lavfi }),
  });
  /** The user's own uploaded audio, checked against the media audio limits. */
  const ownMusic = async (tenantId: number, userId: number, fileId: number): Promise<VideoMusic> => {
    const file = await storage.ownFile(tenantId, userId, fileId);
    if (
      !file ||
      file.kind !== 'audio' ||
      file.size > OWN_MUSIC_RULE.maxBytes ||
      (file.duration ?? Infinity) > (OWN_MUSIC_RULE.maxSeconds ?? Infinity) + OWN_MUSIC_TOLERANCE_SECONDS
    ) {
      throw badRequest('video_music_file_invalid');
    }
    return { stored: { key: file.storageKey, visibility: file.visibility } };
  };
  const bgms = (tenantId: number, locale?: Locale) => parsedItems<BgmData>(tenantId, 'app_bgm', locale);

  const templateOf = async (tenantId: number, value: string | undefined) => {
    if (!value) return undefined;
    const template = (await templates(tenantId)).find((t) => t.value === value);
    if (!template) throw badRequest('video_template_unknown');
    return template;
  };

  type InsertData = { position: 'start' | 'end'; duration: number; text: string; background: string };
  const insertItems = (tenantId: number, locale?: Locale) =>
    parsedItems<InsertData>(tenantId, 'app_video_insert', locale);

  /**
   * The clips the user picked (none unless they did): for each position picked, the template's own insert of
   * that position if it names one, else the first app_video_insert item of that position.
   */
  const clipsOf = async (
    tenantId: number,
    template: VideoTemplate | undefined,
    picked: { intro?: boolean; outro?: boolean },
  ): Promise<Clip[]> => {
    if (!picked.intro && !picked.outro) return [];
    const inserts = await insertItems(tenantId);
    const pick = (position: 'start' | 'end') =>
      inserts.find((i) => i.data.position === position && template?.inserts.includes(i.value)) ??
      inserts.find((i) => i.data.position === position);
    return [...(picked.intro ? [pick('start')] : []), ...(picked.outro ? [pick('end')] : [])].flatMap(
      (item) =>
        item
          ? [
              {
                position: item.data.position,
                seconds: item.data.duration,
                text: item.data.text,
                background: item.data.background,
              },
            ]
          : [],
    );
  };

  /** The title, text and pictures a request speaks: one of the caller's articles (or a published one), or pasted. */
  const sourceOf = async (
    tenantId: number,
    userId: number,
    body: Pick<ParsedBodyOf<typeof endpoints.articleToVideoEstimate>, 'articleId' | 'title' | 'text'>,
    /** Only the caller's own articles (a batch), not the plaza's published ones. */
    ownOnly = false,
  ) => {
    if (body.articleId) {
      const article = await articleSource(db, tenantId, userId, body.articleId);
      if (!article || (ownOnly && article.userId !== userId)) throw notFound('video_article_not_found');
      const images = [...(article.cover ? [article.cover] : []), ...article.images];
      return {
        title: (body.title || article.title).slice(0, 50),
        text: article.content,
        images: [...new Set(images)],
      };
    }
    return { title: body.title ?? '', text: body.text ?? '', images: [] as string[] };
  };

  const estimateOf = async (tenantId: number, text: string, speed: number, clips: Clip[]) => {
    const { prices } = await getAppConfig(db, tenantId);
    const spoken = spokenText(splitIntoScenes(text));
    return {
      spoken,
      estimate: estimateVideo({
        text: spoken,
        speed,
        perSecondWord: prices.perSecondWord,
        goldPerWord: prices.goldPerVideoWord,
        clipSeconds: clips.reduce((sum, c) => sum + c.seconds, 0),
      }),
    };
  };

  /** Refuses a spoken text with nothing to say, or too long for one video. */
  const checkSpoken = (spoken: string, estimate: { words: number; seconds: number }) => {
    if (!estimate.words) throw badRequest('video_text_empty');
    if ([...spoken].length > VIDEO_TEXT_MAX || estimate.seconds > VIDEO_MAX_SECONDS) {
      throw badRequest('video_text_too_long', { max: VIDEO_TEXT_MAX });
    }
  };

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

  const filesOf = (task: { filesPrivate: boolean }): Visibility => (task.filesPrivate ? 'private' : 'public');

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

  /** Gives the gold of a task that ended without success back (idempotent: the hold moves once). */
  const releaseHold = async (task: { id: number; tenantId: number; cost: number; renderRound: number }) => {
    if (task.cost === 0) return;
    await db.transaction(async (tx) => {
      if (await goldHolds.release(tx, holdRef(task.tenantId, task.id, task.renderRound))) {
        await createVideoRepository(tx).setCost(task.id, 0);
      }
    });
  };

  /** A failed or canceled task still holding gold (its worker died before saying so) is settled on read. */
  const reconcile = async (view: VideoTaskView): Promise<VideoTaskView> => {
    if ((view.state === 'failed' || view.state === 'canceled') && view.cost > 0) {
      await releaseHold(view);
      return { ...view, cost: 0 };
    }
    return view;
  };

  const findOwned = async (tenantId: number, userId: number, id: number) => {
    const view = await repo.findOwned(tenantId, userId, id);
    if (!view) throw notFound('video_task_not_found');
    return reconcile(view);
  };

  /**
   * A deleted video keeps its files while a plaza work (shared from the video list) still shows it; the
   * sweep deletes them once none does. Expiry (saveVideoTime) deletes them either way.
   */
  const sharedInPlaza = (task: { tenantId: number; videoKey: string | null }) =>
    task.videoKey ? isSharedInPlaza(db, task.tenantId, task.videoKey) : Promise.resolve(false);

  /** Deletes a task's files: the private ones and any public copy (shared, or made before videos were private). */
  const deleteFiles = async (task: { videoKey: string | null; coverKey: string | null }) => {
    for (const key of [task.videoKey, task.coverKey]) {
      if (!key) continue;
      await storage.backend.delete(key, 'private');
      await storage.backend.delete(key, 'public');
    }
  };

  /**
   * Removes the voices, pictures and clips made for a storyboard's scenes (a user's own uploads and drawings stay
   * theirs); a task without a storyboard has no scenes.
   */
  const deleteSceneFiles = async (taskId: number) => {
    const scenes = createStoryboardRepository(db);
    const rows = await scenes.scenes(taskId);
    for (const scene of rows) {
      if (scene.voiceKey) await storage.remove(scene.voiceKey, 'private');
      if (scene.pictureKey && scene.pictureOwned) await storage.remove(scene.pictureKey, 'private');
      if (scene.clipKey) await storage.remove(scene.clipKey, 'private');
    }
    if (rows.length) await scenes.clearFiles(taskId);
  };

  /** A task's stored files with their content types: the video, then its cover. */
  const storedFiles = (task: { videoKey: string | null; coverKey: string | null }) =>
    [
      [task.videoKey, 'video/mp4'],
      [task.coverKey, 'image/jpeg'],
    ] as const;

  const hasPublicCopy = async (key: string) => {
    const file = await storage.read(key, 'public');
    file?.stream.destroy();
    return file !== null;
  };

  /** Enqueues a task's render job and links it to the task. */
  const queueRender = async (
    task: Pick<VideoTaskRow, 'id' | 'tenantId' | 'userId'>,
    payload: VideoJobPayload,
  ) => {
    const job = await jobs.enqueue(videoJobTypes.articleToVideo, payload, {
      tenantId: task.tenantId,
      userId: task.userId,
      timeoutMs: VIDEO_TIMEOUT_MS,
      maxAttempts: 2,
    });
    await repo.attachJob(task.id, job.id);
  };

  /** The add bodies of a batch's videos, in the order they are made. */
  const batchItems = (
    body: ParsedBodyOf<typeof endpoints.articleToVideoBatch>,
  ): ParsedBodyOf<typeof endpoints.articleToVideoAdd>[] => {
    const { articleIds, templateIds, articleId, title, text, templateId, ...shared } = body;
    if (articleIds) return articleIds.map((id) => ({ ...shared, articleId: id, templateId: templateId! }));
    return (templateIds ?? []).map((t) => ({ ...shared, articleId, title, text, templateId: t }));
  };

  /** Starting a user's waiting videos runs one at a time per user in this process (the row lock orders processes). */
  const starting = new Map<string, Promise<unknown>>();

  const service = {
    repo,

    async options(tenantId: number, locale: Locale = 'zh-Hans'): Promise<VideoOptions> {
      const [list, music, config, inserts] = await Promise.all([
        templates(tenantId, locale),
        bgms(tenantId, locale),
        getAppConfig(db, tenantId),
        insertItems(tenantId, locale),
      ]);
      return {
        templates: list,
        inserts: inserts.map(({ value, label, data }) => ({
          value,
          label,
          position: data.position,
          seconds: data.duration,
        })),
        bgms: music.map(({ value, label, data }): VideoBgm => ({
          value,
          label,
          mood: data.mood,
          duration: data.duration,
        })),
        perSecondWord: config.prices.perSecondWord,
        goldPerWord: config.prices.goldPerVideoWord,
        saveVideoTime: config.saveVideoTime,
        drawAvailable: await deps.drawAvailable(),
      };
    },

    async estimate(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoEstimate>,
    ) {
      const source = await sourceOf(tenantId, userId, body);
      const clips = await clipsOf(tenantId, await templateOf(tenantId, body.templateId), body);
      return (await estimateOf(tenantId, source.text, body.speed, clips)).estimate;
    },

    /**
     * Checks a request (template, voice, music, text, censor) and answers what the task and its render job will
     * be; nothing is written. `add` accepts it at once; a storyboard keeps it until the user renders.
     */
    async prepare(
      input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoAdd>>,
      options: { ownArticleOnly?: boolean } = {},
    ) {
      const { tenantId, userId } = input;
      const { body } = input;
      const template = (await templateOf(tenantId, body.templateId))!;
      const voice = await speaker.resolve(tenantId, body.voice, input.isVip);
      if (body.imageSource === 'draw' && !(await deps.drawAvailable()))
        throw badRequest('video_draw_unavailable');
      const bgmId = body.bgmId === undefined ? template.bgm : body.bgmId;
      const bgm = bgmId ? (await bgms(tenantId)).find((b) => b.value === bgmId) : undefined;
      if (bgmId && !bgm) throw badRequest('video_bgm_unknown');
      const own = body.musicFileId ? await ownMusic(tenantId, userId, body.musicFileId) : null;
      const source = await sourceOf(tenantId, userId, body, options.ownArticleOnly);
      const clips = await clipsOf(tenantId, template, body);
      const { spoken, estimate } = await estimateOf(tenantId, source.text, body.speed, clips);
      checkSpoken(spoken, estimate);
      if (!(await censor.censorText(`${source.title}\n${spoken}`, tenantId)).ok) {
        throw badRequest('video_content_rejected');
      }
      const subtitleAnchor = body.subtitleAnchor ?? template.subtitleAnchor;
      const task = {
        tenantId,
        userId,
        articleId: body.articleId ?? null,
        title: source.title,
        text: source.text,
        templateId: template.value,
        templateLabel: template.label,
        voice: body.voice,
        speed: body.speed,
        bgmId: bgm?.value ?? null,
        subtitleAnchor,
        imageSource: body.imageSource,
        estimateWords: estimate.words,
        estimateSeconds: estimate.seconds,
        width: template.width,
        height: template.height,
      };
      const payload: Omit<VideoJobPayload, 'taskId'> = {
        voice,
        style: {
          width: template.width,
          height: template.height,
          font: template.font,
          fontSize: template.fontSize,
          fontColor: template.fontColor,
          subtitleAnchor,
          titleAnchor: template.titleAnchor,
          subtitleStyle: body.subtitleStyle,
          safeArea: template.safeArea,
        },
        background: template.background,
        templatePicture: template.cover,
        clips,
        music: own ?? (bgm ? musicOfBgm(bgm.data) : null),
        mix: { voice: body.voiceVolume, music: body.musicVolume },
        imageSource: body.imageSource,
        articleImages: source.images,
      };
      return { task, payload, estimate };
    },

    /** What a text costs now (app_config prices), clips included. */
    estimateOf,
    checkSpoken,

    /**
     * Refuses a render over the user's task limit (inside the transaction that accepts it, before the task
     * counts as accepted). Called by `add` and by a storyboard's render.
     */
    async checkRenderLimit(tx: DbTx, tenantId: number, userId: number) {
      const { taskLimits } = await getAppConfig(tx, tenantId);
      const now = clock.now();
      await checkTaskLimit(tx, {
        tenantId,
        userId,
        capability: 'video',
        jobType: videoJobTypes.articleToVideo,
        limits: taskLimits,
        now,
        // A batch's waiting videos are in the queue too: a single video does not go before them.
        unqueued: async () => {
          const txRepo = createVideoRepository(tx);
          return (
            (await txRepo.unqueuedSince(tenantId, userId, unqueuedGraceStart(now))) +
            (await txRepo.waitingCount(tenantId, userId))
          );
        },
      });
    },

    /** Holds a render's gold, in the transaction that accepts it. */
    async holdForRender(
      tx: DbTx,
      task: { tenantId: number; userId: number; id: number; renderRound: number },
      gold: number,
    ) {
      if (gold > 0) {
        await goldHolds.reserve(tx, {
          ...holdRef(task.tenantId, task.id, task.renderRound),
          userId: task.userId,
          amount: gold,
          reason: 'ai_video',
        });
      }
    },

    /** Queues the render of an accepted task; on failure gives the gold back and answers the error. */
    async enqueueRender(task: VideoTaskRow, payload: VideoJobPayload, onFailure: () => Promise<void>) {
      try {
        await queueRender(task, payload);
      } catch (error) {
        await releaseHold(task);
        await onFailure();
        throw error;
      }
    },

    toTask,
    findOwned,

    /** What each video of a batch and the whole batch cost (the batch's articles must be the caller's own). */
    async batchEstimate(
      tenantId: number,
      userId: number,
      body: ParsedBodyOf<typeof endpoints.articleToVideoBatchEstimate>,
    ): Promise<VideoBatchEstimate> {
      const items = body.articleIds
        ? body.articleIds.map((id) => ({ articleId: id, templateId: body.templateId! }))
        : (body.templateIds ?? []).map((t) => ({ articleId: body.articleId, templateId: t }));
      const estimates = [];
      for (const item of items) {
        const source = await sourceOf(tenantId, userId, { ...body, articleId: item.articleId }, true);
        const clips = await clipsOf(tenantId, await templateOf(tenantId, item.templateId), body);
        const { estimate } = await estimateOf(tenantId, source.text, body.speed, clips);
        estimates.push({ ...estimate, title: source.title, templateId: item.templateId });
      }
      const total = estimates.reduce(
        (sum, e) => ({
          words: sum.words + e.words,
          seconds: sum.seconds + e.seconds,
          gold: sum.gold + e.gold,
        }),
        { words: 0, seconds: 0, gold: 0 },
      );
      return { items: estimates, total: { ...total, seconds: Math.round(total.seconds * 10) / 10 } };
    },

    /**
     * 批量生成: up to 5 videos in one go, each its own task (its own gold hold, refund and notice, as `add`). Every
     * video is checked first; then one transaction holds the gold of all of them (not enough for the total:
     * nothing is made) and stores them waiting; as many as the user has free render places start at once, the
     * others when earlier renders end (`startWaiting`).
     */
    async addBatch(input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoBatch>>) {
      const { tenantId, userId } = input;
      const prepared: Awaited<ReturnType<typeof service.prepare>>[] = [];
      for (const body of batchItems(input.body))
        prepared.push(await service.prepare({ ...input, body }, { ownArticleOnly: true }));
      const need = prepared.reduce((sum, p) => sum + p.estimate.gold, 0);
      const { saveVideoTime, taskLimits } = await getAppConfig(db, tenantId);
      const now = clock.now();
      const tasks = await db.transaction(async (tx) => {
        const txRepo = createVideoRepository(tx);
        // Locks the user's row: the balance read below and the holds are one decision.
        const { limit, active } = await taskPlaces(tx, {
          tenantId,
          userId,
          capability: 'video',
          jobType: videoJobTypes.articleToVideo,
          limits: taskLimits,
          now,
          unqueued: () => txRepo.unqueuedSince(tenantId, userId, unqueuedGraceStart(now)),
        });
        const waiting =
          (await txRepo.waitingCount(tenantId, userId)) + prepared.length - Math.max(0, limit - active);
        if (waiting > VIDEO_BATCH_WAITING_MAX)
          throw new AppError(429, 'video_batch_queue_full', { waiting, max: VIDEO_BATCH_WAITING_MAX });
        const balance = (await createUsersRepository(tx).lockLive(tenantId, userId))?.gold ?? 0;
        if (balance < need)
          throw new AppError(409, 'video_batch_gold_short', {
            count: prepared.length,
            need,
            balance,
            missing: need - balance,
          });
        const rows: VideoTaskRow[] = [];
        for (const p of prepared) {
          const row = await txRepo.insert({
            ...p.task,
            cost: p.estimate.gold,
            phase: 'waiting',
            renderPayload: p.payload,
            createdAt: now,
            expireAt: new Date(now.getTime() + saveVideoTime * 1000),
          });
          await service.holdForRender(tx, row, p.estimate.gold);
          rows.push(row);
        }
        await txRepo.setBatch(
          rows.map((r) => r.id),
          rows[0]!.id,
        );
        return rows;
      });
      await service.startWaiting(tenantId, userId);
      const views = await Promise.all(tasks.map((t) => repo.findOwned(tenantId, userId, t.id)));
      return views.flatMap((v) => (v ? [toTask(v, input.locale)] : []));
    },

    /**
     * Starts as many of the user's waiting batch videos as they have free render places (oldest first): taken
     * out of the queue in a transaction that counts the places with the user's row locked, then enqueued. One
     * whose job cannot be enqueued goes back to waiting. Called when a batch is accepted, when a render ends and
     * by the recurring sweep. Answers how many started.
     */
    startWaiting(tenantId: number, userId: number): Promise<number> {
      const key = `${tenantId}:${userId}`;
      const run = (starting.get(key) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          const { taskLimits } = await getAppConfig(db, tenantId);
          const now = clock.now();
          const claimed = await db.transaction(async (tx) => {
            const txRepo = createVideoRepository(tx);
            const { limit, active } = await taskPlaces(tx, {
              tenantId,
              userId,
              capability: 'video',
              jobType: videoJobTypes.articleToVideo,
              limits: taskLimits,
              now,
              unqueued: () => txRepo.unqueuedSince(tenantId, userId, unqueuedGraceStart(now)),
            });
            return limit > active ? txRepo.claimWaiting(tenantId, userId, limit - active, now) : [];
          });
          let started = 0;
          for (const task of claimed) {
            try {
              await queueRender(task, {
                ...(task.renderPayload as Omit<VideoJobPayload, 'taskId'>),
                taskId: task.id,
              });
              started += 1;
            } catch {
              await repo.backToWaiting(task.id);
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
    },

    /** Starts the waiting videos of every user who has free places (the recurring sweep; a crash strands none). */
    async startAllWaiting(batch = 200): Promise<number> {
      let started = 0;
      for (const { tenantId, userId } of await repo.usersWithWaiting(batch))
        started += await service.startWaiting(tenantId, userId).catch(() => 0);
      return started;
    },

    /** Accepts a video: checks everything it can now, holds the gold (per word, spec §9) and queues the render. */
    async add(input: MemberRequest<ParsedBodyOf<typeof endpoints.articleToVideoAdd>>) {
      const { tenantId, userId } = input;
      const prepared = await service.prepare(input);
      const { saveVideoTime } = await getAppConfig(db, tenantId);
      const now = clock.now();
      const task = await db.transaction(async (tx) => {
        await service.checkRenderLimit(tx, tenantId, userId);
        const row = await createVideoRepository(tx).insert({
          ...prepared.task,
          cost: prepared.estimate.gold,
          createdAt: now,
          expireAt: new Date(now.getTime() + saveVideoTime * 1000),
        });
        await service.holdForRender(tx, row, prepared.estimate.gold);
        return row;
      });
      await service.enqueueRender(task, { ...prepared.payload, taskId: task.id }, async () => {
        await repo.softDelete(task.id, clock.now());
      });
      return toTask((await repo.findOwned(tenantId, userId, task.id))!, input.locale);
    },

    async detail(tenantId: number, userId: number, id: number, locale: Locale) {
      return toTask(await findOwned(tenantId, userId, id), locale);
    },

    async page(
      tenantId: number,
      userId: number,
      p: ParsedBodyOf<typeof endpoints.articleToVideoPage>,
      locale: Locale,
    ) {
      const page = await repo.page(tenantId, userId, p);
      const settled = await Promise.all(page.items.map(reconcile));
      return { ...page, items: settled.map((v) => toTask(v, locale)) };
    },

    /**
     * Deletes a video: a queued or running render is canceled, its gold given back, its files removed (kept
     * while a plaza work it was shared to still shows it).
     */
    async remove(tenantId: number, userId: number, id: number): Promise<boolean> {
      const view = await findOwned(tenantId, userId, id);
      if (view.jobId && (view.state === 'queued' || view.state === 'running')) {
        await jobs.cancel(view.jobId, { tenantId });
      }
      await db.transaction(async (tx) => {
        const txRepo = createVideoRepository(tx);
        // Hold first, task row second: the lock order of the cancel's own settlement, which may run now.
        if (
          view.state !== 'succeeded' &&
          view.cost > 0 &&
          (await goldHolds.release(tx, holdRef(tenantId, view.id, view.renderRound)))
        ) {
          await txRepo.setCost(view.id, 0);
        }
        if (!(await txRepo.softDelete(view.id, clock.now()))) throw notFound('video_task_not_found');
      });
      await deleteSceneFiles(view.id);
      if (!(await sharedInPlaza(view))) {
        await deleteFiles(view);
        await repo.markFilesGone(view.id, null);
      }
      return true;
    },

    /**
     * Tasks accepted (gold held) whose process died before their job was linked: linked to their job when it
     * was enqueued after all, else given their gold back and dropped like a task whose enqueue failed. Answers
     * how many were dropped.
     */
    async sweepUnqueued(now = clock.now()): Promise<number> {
      let dropped = 0;
      for (const task of await repo.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH)) {
        const jobId = await jobOfTask(db, videoJobTypes.articleToVideo, task.id);
        // A storyboard rendered again has older jobs: only the job of this render (its round) counts.
        if (jobId && (await repo.jobRound(jobId)) === task.renderRound) {
          await repo.attachJob(task.id, jobId);
          continue;
        }
        if (task.batchId !== null) {
          // A batch's video taken out of the queue by a process that died before enqueuing it: it waits again.
          await repo.backToWaiting(task.id);
          continue;
        }
        await releaseHold(task);
        // A re-render that was never queued: back to its storyboard, its earlier video kept.
        if (task.renderRound > 0) await repo.backToStoryboard(task.id, jobId ?? null);
        else await repo.softDelete(task.id, now);
        dropped += 1;
      }
      return dropped;
    },

    /**
     * Public URLs of one of my finished videos, for a plaza work (the plaza shows it to anyone, for as long as
     * the work stays): a public copy of the video and cover is made under the same keys. Everything else about
     * the video stays behind signed links.
     */
    async share(tenantId: number, userId: number, id: number): Promise<VideoShare> {
      const view = await findOwned(tenantId, userId, id);
      if (view.state !== 'succeeded' || !view.videoKey || clock.now() >= view.expireAt)
        throw badRequest('video_not_shareable');
      const files = storedFiles(view);
      if (view.filesPrivate) {
        for (const [key, type] of files) {
          if (!key || (await hasPublicCopy(key))) continue; // shared before: copied once
          if (!(await storage.copyTo(key, 'private', 'public', type)))
            throw badRequest('video_not_shareable');
        }
      }
      return {
        videoUrl: storage.urlFor(view.videoKey, 'public'),
        coverUrl: view.coverKey ? storage.urlFor(view.coverKey, 'public') : null,
      };
    },

    /**
     * Makes the files of videos made before videos were private private: each is copied to private storage,
     * and its public copy is deleted unless a plaza work shows it. Answers how many tasks moved.
     */
    async moveFilesToPrivate(batch = 50): Promise<number> {
      let moved = 0;
      for (const task of await repo.withPublicFiles(batch)) {
        const files = storedFiles(task);
        for (const [key, type] of files) if (key) await storage.copyTo(key, 'public', 'private', type);
        await repo.markFilesPrivate(task.id, task.videoKey!);
        if (!(await sharedInPlaza(task))) {
          for (const [key] of files) if (key) await storage.backend.delete(key, 'public');
        }
        moved += 1;
      }
      return moved;
    },

    /** A short MP3 of a music track, cut once from its score's audio (or its file, or its synth) and cached. */
    async bgmPreview(tenantId: number, id: string): Promise<Buffer> {
      const bgm = (await bgms(tenantId)).find((b) => b.value === id);
      if (!bgm) throw notFound('video_bgm_unknown');
      const digest = createHash('sha256').update(JSON.stringify(bgm.data)).digest('hex').slice(0, 16);
      const file = path.join(deps.cacheDir, `${digest}.mp3`);
      const cached = await readFile(file).catch(() => null);
      if (cached) return cached;
      await mkdir(deps.cacheDir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp.mp3`;
      let source: string | null = null;
      try {
        const score = bgm.data.score ? await deps.scoreAudio.fileFor(bgm.data.score) : null;
        source = score ?? (bgm.data.url ? await localFileFor(bgm.data.url, deps.cacheDir, storage) : null);
        if (!score && bgm.data.url && !source) throw new Error('music file missing');
        // Checked again right before ffmpeg runs: a row written around the dictionary's check runs nothing.
        const input = musicInputArgs(source ? { file: source } : { lavfi: bgm.data.lavfi }, { seconds: 10 });
        await ffmpeg([
          ...input,
          '-t',
          '10',
          '-af',
          'afade=t=out:st=8.5:d=1.5',
          '-c:a',
          'libmp3lame',
          '-b:a',
          '96k',
          tmp,
        ]);
        const audio = await readFile(tmp);
        await writeFile(file, audio);
        return audio;
      } catch (error) {
        if (error instanceof MusicSourceRefused) throw notFound('video_bgm_unknown');
        throw new AppError(500, 'video_music_failed');
      } finally {
        await rm(tmp, { force: true });
        // A stored file was copied into the cache folder to be read; the preview is what is kept.
        if (source?.startsWith(deps.cacheDir)) await rm(source, { force: true });
      }
    },

    /** Called when a render ends without success (failed for good, canceled, timed out). */
    async onJobOver(jobId: number) {
      const task = await repo.findByJob(jobId);
      if (task) await releaseHold(task);
    },

    /**
     * Deletes the files of videos past `expireAt` (spec §4: expired once now ≥ creation + saveVideoTime) and of
     * deleted videos; the tasks stay listed as expired. Answers how many tasks lost their files.
     */
    async expireDue(batch = 200): Promise<number> {
      const now = clock.now();
      let done = 0;
      for (const task of await repo.dueForExpiry(now, batch)) {
        await deleteFiles(task);
        await deleteSceneFiles(task.id);
        await repo.markFilesGone(task.id, now);
        done += 1;
      }
      for (const task of await repo.deletedWithFiles(batch)) {
        if (await sharedInPlaza(task)) continue;
        await deleteFiles(task);
        await repo.markFilesGone(task.id, null);
        done += 1;
      }
      return done;
    },
  };
  return service;
};
export type VideoService = ReturnType<typeof createVideoService>;
