import {
  estimateVideo,
  VIDEO_TEXT_MAX,
  type endpoints,
  type ParsedBodyOf,
  type Prices,
  type VideoBatchEstimate,
} from '@app/contract';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { getAppConfig } from '../dictionary/index.js';
import { articleSource } from '../plaza/index.js';
import type { Clip } from './pipeline/render.js';
import { splitIntoScenes, spokenText } from './pipeline/script.js';
import type { VideoCatalog } from './video-catalog.js';
import type { RenderPayload } from './video.payload.js';
import type { VideoSpeaker } from './video-speaker.js';

/** A video never lasts longer than the spec §9 media video limit. */
const VIDEO_MAX_SECONDS = 300;

type EstimateBody = ParsedBodyOf<typeof endpoints.articleToVideoEstimate>;
type AddBody = ParsedBodyOf<typeof endpoints.articleToVideoAdd>;

/** The title, text and pictures a request speaks: one of the caller's articles (or a published one), or pasted. */
const sourceOf = async (
  db: Db,
  { tenantId, uid }: Actor,
  body: Pick<EstimateBody, 'articleId' | 'title' | 'text'>,
  /** Only the caller's own articles (a batch), not the plaza's published ones. */
  ownOnly = false,
) => {
  if (body.articleId) {
    const article = await articleSource(db, tenantId, uid, body.articleId);
    if (!article || (ownOnly && article.userId !== uid)) throw notFound('video_article_not_found');
    const images = [...(article.cover ? [article.cover] : []), ...article.images];
    return {
      title: (body.title || article.title).slice(0, 50),
      text: article.content,
      images: [...new Set(images)],
    };
  }
  return { title: body.title ?? '', text: body.text ?? '', images: [] as string[] };
};

/** What a text costs at `prices`, clips included: the words spoken, and the estimate of length and gold. */
export const estimateWith = (prices: Prices, text: string, speed: number, clips: Clip[]) => {
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

/** Refuses a spoken text with nothing to say, or too long for one video (the one limit of a render). */
export const checkSpoken = (spoken: string, estimate: { words: number; seconds: number }) => {
  if (!estimate.words) throw badRequest('video_text_empty');
  if ([...spoken].length > VIDEO_TEXT_MAX || estimate.seconds > VIDEO_MAX_SECONDS) {
    throw badRequest('video_text_too_long', { max: VIDEO_TEXT_MAX });
  }
};

/**
 * A video request read and checked: where its text comes from, what it costs, and the task and render job it
 * becomes (nothing is written here).
 */
export const createVideoRequests = (deps: {
  db: Db;
  censor: Pick<CensorService, 'censorText'>;
  speaker: Pick<VideoSpeaker, 'resolve'>;
  drawAvailable: () => Promise<boolean>;
  catalog: VideoCatalog;
}) => {
  const { db, catalog } = deps;

  /** What a text costs now (app_config prices), clips included. */
  const estimateOf = async (tenantId: number, text: string, speed: number, clips: Clip[]) =>
    estimateWith((await getAppConfig(db, tenantId)).prices, text, speed, clips);

  /** The estimate of one request's text with the clips its template and choices add. */
  const estimateFor = async (actor: Actor, body: EstimateBody, ownOnly = false) => {
    const { tenantId } = actor;
    const source = await sourceOf(db, actor, body, ownOnly);
    const clips = await catalog.clipsOf(tenantId, await catalog.templateOf(tenantId, body.templateId), body);
    return { source, ...(await estimateOf(tenantId, source.text, body.speed, clips)) };
  };

  return {
    estimateOf,
    checkSpoken,

    async estimate(actor: Actor, body: EstimateBody) {
      return (await estimateFor(actor, body)).estimate;
    },

    /** What each video of a batch and the whole batch cost (the batch's articles must be the caller's own). */
    async batchEstimate(
      actor: Actor,
      body: ParsedBodyOf<typeof endpoints.articleToVideoBatchEstimate>,
    ): Promise<VideoBatchEstimate> {
      const items = body.articleIds
        ? body.articleIds.map((id) => ({ articleId: id, templateId: body.templateId! }))
        : (body.templateIds ?? []).map((t) => ({ articleId: body.articleId, templateId: t }));
      const estimates = [];
      for (const item of items) {
        const { source, estimate } = await estimateFor(actor, { ...body, ...item }, true);
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
     * Checks a request (template, voice, music, text, censor) and answers what the task and its render job will
     * be; nothing is written. `add` accepts it at once; a storyboard keeps it until the user renders.
     */
    async prepare(actor: Actor, body: AddBody, options: { ownArticleOnly?: boolean } = {}) {
      const { tenantId, uid } = actor;
      const template = (await catalog.templateOf(tenantId, body.templateId))!;
      const voice = await deps.speaker.resolve(actor, body.voice);
      if (body.imageSource === 'draw' && !(await deps.drawAvailable()))
        throw badRequest('video_draw_unavailable');
      const bgmId = body.bgmId === undefined ? template.bgm : body.bgmId;
      const bgm = bgmId ? (await catalog.bgms(tenantId)).find((b) => b.value === bgmId) : undefined;
      if (bgmId && !bgm) throw badRequest('video_bgm_unknown');
      const own = body.musicFileId ? await catalog.ownMusic(actor, body.musicFileId) : null;
      const source = await sourceOf(db, actor, body, options.ownArticleOnly);
      const clips = await catalog.clipsOf(tenantId, template, body);
      const { spoken, estimate } = await estimateOf(tenantId, source.text, body.speed, clips);
      checkSpoken(spoken, estimate);
      if (!(await deps.censor.censorText(`${source.title}\n${spoken}`, tenantId)).ok) {
        throw badRequest('video_content_rejected');
      }
      const subtitleAnchor = body.subtitleAnchor ?? template.subtitleAnchor;
      const task = {
        tenantId,
        userId: uid,
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
      const payload: RenderPayload = {
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
        music: own ?? (bgm ? catalog.musicOfBgm(bgm.data) : null),
        mix: { voice: body.voiceVolume, music: body.musicVolume },
        imageSource: body.imageSource,
        articleImages: source.images,
      };
      return { task, payload, estimate };
    },
  };
};
export type VideoRequests = ReturnType<typeof createVideoRequests>;
