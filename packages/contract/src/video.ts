import { z } from 'zod';
import { keysetPagedSchema, keysetPageQuerySchema } from './envelope.js';
import { jobStateSchema } from './hub-events.js';
import { defineEndpoint } from './registry.js';
import { countBillableWords, TTS_SPEED_MAX, TTS_SPEED_MIN } from './voice-rules.js';

/**
 * AI video from articles (spec §1, §2 Media, §3 video expiry, §7 articleToVideo, §9).
 *
 * A video is a background job (`article_to_video`) that runs the stages of VIDEO_STAGES in order and reports
 * each over the hub as `JobProgress.stage`. It costs `prices.goldPerVideoWord` per billable word of the spoken text
 * (held when accepted, spent on success, given back on failure, cancel or delete). Its files are deleted
 * `saveVideoTime` seconds after creation (`expireAt`).
 *
 * Anchors (subtitles, title) are the cells of the 3×3 grid of the canvas in reading order: 1 top-left,
 * 2 top-centre … 5 centre … 8 bottom-centre, 9 bottom-right (as the `video_template` dictionary and the
 * page's 3×3 picker number them; the renderer maps them onto ASS `\an` numpad alignments).
 */

export const videoJobTypes = {
  articleToVideo: 'article_to_video',
  expirySweep: 'video_expiry',
  /** One storyboard scene's missing voice and picture (its `JobProgress` result names the task and scene). */
  storyboardScene: 'video_scene',
} as const;

/** The stages of a render, in order; a failure names the one that broke (`error.stage`). */
export const VIDEO_STAGES = ['script', 'voice', 'timing', 'pictures', 'compose', 'cover', 'store'] as const;
export const videoStageSchema = z.enum(VIDEO_STAGES);
export type VideoStage = z.infer<typeof videoStageSchema>;

/** Where the pictures of the scenes come from. */
export const VIDEO_IMAGE_SOURCES = ['article', 'draw', 'template'] as const;
export const videoImageSourceSchema = z.enum(VIDEO_IMAGE_SOURCES);
export type VideoImageSource = z.infer<typeof videoImageSourceSchema>;

/**
 * How subtitles are drawn: plain (a shadow only), outlined (a dark outline), boxed (on a dark box), karaoke
 * (outlined, each word lit as it is spoken, from the voice's own timings).
 */
export const VIDEO_SUBTITLE_STYLES = ['plain', 'outlined', 'boxed', 'karaoke'] as const;
export const videoSubtitleStyleSchema = z.enum(VIDEO_SUBTITLE_STYLES);
export type VideoSubtitleStyle = z.infer<typeof videoSubtitleStyleSchema>;

/** Longest text a video speaks (≈ 5 minutes at 5 words a second, spec §9 media video 300 s). */
export const VIDEO_TEXT_MAX = 1500;
export const VIDEO_TITLE_MAX = 50;
export const videoAnchorSchema = z.number().int().min(1).max(9);

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The spoken text: one of my articles, or a title and text pasted in. */
/** Highest voice or music volume, in percent of the usual mix. */
export const VIDEO_VOLUME_MAX = 200;

const videoSourceShape = {
  articleId: id.optional(),
  title: z.string().trim().max(VIDEO_TITLE_MAX).optional(),
  text: z.string().trim().max(VIDEO_TEXT_MAX).optional(),
};
const hasOneSource = (v: { articleId?: number; text?: string }) => !!v.articleId !== !!v.text;
const sourceIssue = { message: 'video_source_required', path: ['text'] };

/** The options of a video besides its source and template (a batch shares them between its videos). */
const videoOptionsShape = {
  /** `value` of a tts_config_nam item. */
  voice: z.string().min(1).max(64),
  speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
  /** `value` of an app_bgm item; null for no music; absent: the template's music. */
  bgmId: z.string().min(1).max(64).nullish(),
  /** The user's own music instead: an audio file they uploaded (UploadAttachments, class media). */
  musicFileId: id.optional(),
  /** Loudness of the voice and of the music, in percent of the usual mix (the music still ducks under the voice). */
  voiceVolume: z.number().int().min(0).max(VIDEO_VOLUME_MAX).default(100),
  musicVolume: z.number().int().min(0).max(VIDEO_VOLUME_MAX).default(100),
  /** Default: the template's subtitle position. */
  subtitleAnchor: videoAnchorSchema.optional(),
  imageSource: videoImageSourceSchema.default('template'),
  subtitleStyle: videoSubtitleStyleSchema.default('outlined'),
  /** Opt-in clips of app_video_insert before (intro) and after (outro) the video; none unless picked. */
  intro: z.boolean().default(false),
  outro: z.boolean().default(false),
};

export const videoAddBodySchema = z
  .object({
    ...videoSourceShape,
    /** `value` of a video_template item. */
    templateId: z.string().min(1).max(64),
    ...videoOptionsShape,
  })
  .refine(hasOneSource, sourceIssue);
export type VideoAddBody = z.input<typeof videoAddBodySchema>;

/**
 * Batch (批量生成): up to VIDEO_BATCH_ARTICLES_MAX videos in one go, each its own task with its own gold hold —
 * several of my articles with one template, or one article (or a pasted text) with up to
 * VIDEO_BATCH_TEMPLATES_MAX templates. The other options are shared by every video of the batch.
 */
export const VIDEO_BATCH_ARTICLES_MAX = 5;
export const VIDEO_BATCH_TEMPLATES_MAX = 3;

const templateValue = z.string().min(1).max(64);
const distinct = <T>(list: T[] | undefined) => !list || new Set(list).size === list.length;

/** Either `articleIds` + `templateId`, or one source (`articleId`, or `text` + `title`) + `templateIds`. */
const checkBatchShape = (
  v: {
    articleIds?: number[];
    articleId?: number;
    text?: string;
    templateId?: string;
    templateIds?: string[];
  },
  ctx: z.RefinementCtx,
) => {
  if (v.articleIds) {
    if (v.articleId || v.text || v.templateIds)
      ctx.addIssue({ code: 'custom', message: 'video_batch_shape', path: ['articleIds'] });
    if (!v.templateId) ctx.addIssue({ code: 'custom', message: 'video_batch_shape', path: ['templateId'] });
    if (!distinct(v.articleIds))
      ctx.addIssue({ code: 'custom', message: 'video_batch_duplicate', path: ['articleIds'] });
  } else if (v.templateIds) {
    if (v.templateId) ctx.addIssue({ code: 'custom', message: 'video_batch_shape', path: ['templateId'] });
    // A literal, not `sourceIssue`: zod rewrites the params object a refine was given.
    if (!hasOneSource(v)) ctx.addIssue({ code: 'custom', message: 'video_source_required', path: ['text'] });
    if (!distinct(v.templateIds))
      ctx.addIssue({ code: 'custom', message: 'video_batch_duplicate', path: ['templateIds'] });
  } else {
    ctx.addIssue({ code: 'custom', message: 'video_batch_shape', path: ['articleIds'] });
  }
};

const batchItemsShape = {
  ...videoSourceShape,
  /** Several of my own works, one video each (with `templateId`). */
  articleIds: z.array(id).min(1).max(VIDEO_BATCH_ARTICLES_MAX, 'video_batch_too_many').optional(),
  /** The template of every video when `articleIds` are given. */
  templateId: templateValue.optional(),
  /** One video per template, of the one source. */
  templateIds: z
    .array(templateValue)
    .min(1)
    .max(VIDEO_BATCH_TEMPLATES_MAX, 'video_batch_templates_too_many')
    .optional(),
};

export const videoBatchBodySchema = z
  .object({ ...batchItemsShape, ...videoOptionsShape })
  .superRefine(checkBatchShape);
export type VideoBatchBody = z.input<typeof videoBatchBodySchema>;

export const videoBatchEstimateBodySchema = z
  .object({
    ...batchItemsShape,
    speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
    intro: z.boolean().default(false),
    outro: z.boolean().default(false),
  })
  .superRefine(checkBatchShape);
export type VideoBatchEstimateBody = z.input<typeof videoBatchEstimateBodySchema>;

export const videoEstimateBodySchema = z
  .object({
    ...videoSourceShape,
    speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
    templateId: z.string().min(1).max(64).optional(),
    /** The intro and outro clips picked count too. */
    intro: z.boolean().default(false),
    outro: z.boolean().default(false),
  })
  .refine(hasOneSource, sourceIssue);
export type VideoEstimateBody = z.input<typeof videoEstimateBodySchema>;

export const videoEstimateSchema = z.object({
  /** Billable words of the spoken text. */
  words: z.number().int().min(0),
  /** Expected length of the video. */
  seconds: z.number().min(0),
  gold: z.number().int().min(0),
});
export type VideoEstimate = z.infer<typeof videoEstimateSchema>;

/** What a batch costs: each video's estimate (in the order the tasks will be made) and the sum. */
export const videoBatchEstimateSchema = z.object({
  items: z.array(videoEstimateSchema.extend({ title: z.string(), templateId: z.string() })),
  total: videoEstimateSchema,
});
export type VideoBatchEstimate = z.infer<typeof videoBatchEstimateSchema>;

/**
 * Spec §9: words ÷ perSecondWord seconds at speed 100 %, shorter when faster; gold per billable word. Clips
 * (intro, outro) add their seconds. The server answers it to the page (`articleToVideoEstimate`), which shows it before submitting.
 */
export const estimateVideo = (input: {
  text: string;
  speed: number;
  perSecondWord: number;
  goldPerWord: number;
  clipSeconds?: number;
}): VideoEstimate => {
  const words = countBillableWords(input.text);
  const spoken = (words / input.perSecondWord) * (100 / input.speed);
  return {
    words,
    seconds: Math.round((spoken + (input.clipSeconds ?? 0)) * 10) / 10,
    gold: words * input.goldPerWord,
  };
};

export const videoTemplateSchema = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string(),
  /** Preview picture of the template (also its background when pictures come from the template). */
  cover: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  fontSize: z.number().int(),
  fontColor: z.string(),
  /** Font family of the burned-in text (a CJK font). */
  font: z.string(),
  /** Background colour behind pictures and of the clips. */
  background: z.string(),
  subtitleAnchor: videoAnchorSchema,
  titleAnchor: videoAnchorSchema,
  /** `value` of its default app_bgm item, or null for none. */
  bgm: z.string().nullable(),
  /** app_video_insert clips it offers when the user picks an intro or outro (their `value`s); none play unless picked. */
  inserts: z.array(z.string()),
  transition: z.string(),
  /** Margins kept free of text, in percent of the canvas (title, subtitles and captions stay inside). */
  safeArea: z.object({ top: z.number(), bottom: z.number(), side: z.number() }),
});
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;

export const videoBgmSchema = z.object({
  value: z.string(),
  label: z.string(),
  mood: z.string(),
  duration: z.number(),
});
export type VideoBgm = z.infer<typeof videoBgmSchema>;

/** An intro or outro clip the user may pick (app_video_insert). */
export const videoInsertSchema = z.object({
  value: z.string(),
  label: z.string(),
  position: z.enum(['start', 'end']),
  seconds: z.number(),
});
export type VideoInsert = z.infer<typeof videoInsertSchema>;

export const videoOptionsSchema = z.object({
  templates: z.array(videoTemplateSchema),
  /** Intro and outro clips offered as opt-in chips (default off). */
  inserts: z.array(videoInsertSchema),
  bgms: z.array(videoBgmSchema),
  /** app_config prices (spec §9). */
  perSecondWord: z.number(),
  goldPerWord: z.number().int(),
  /** Seconds a video is kept. */
  saveVideoTime: z.number().int(),
  /** Whether pictures can be drawn by the drawing engine on this server. */
  drawAvailable: z.boolean(),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export const videoTaskSchema = z.object({
  id: z.number().int(),
  status: jobStateSchema,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** The stage running now (or where it stopped); null before the first one. */
  stage: videoStageSchema.nullable(),
  title: z.string(),
  templateId: z.string(),
  templateLabel: z.string(),
  voice: z.string(),
  speed: z.number().int(),
  imageSource: videoImageSourceSchema,
  subtitleAnchor: videoAnchorSchema,
  /**
   * The MP4 once made; null before, and once expired or deleted. A signed link valid 600 s (read the task
   * again for a fresh one); to show it in the plaza, `articleToVideo/share` answers public URLs.
   */
  videoUrl: z.string().nullable(),
  /** Its cover picture, signed like `videoUrl`. */
  coverUrl: z.string().nullable(),
  /** Seconds of the made video. */
  duration: z.number().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  estimate: videoEstimateSchema,
  /** Gold held or spent; 0 once given back. */
  cost: z.number().int().min(0),
  /** When the files are deleted (creation + saveVideoTime). */
  expireAt: z.string(),
  expired: z.boolean(),
  /** Engines that made it (`espeak-ng + ffmpeg`…). */
  engine: z.string().nullable(),
  /** True when the voice came from an offline engine (shown on screen). */
  offline: z.boolean(),
  /** Why it failed, in the caller's language, and at which stage. */
  error: z.object({ stage: videoStageSchema, message: z.string() }).nullable(),
  createTime: z.string(),
  /**
   * True while the task is a storyboard being edited: before its first render, or again after a render ended
   * (修改后重新合成; its last video, if any, stays until a new render replaces it). No gold is held for it then.
   */
  storyboard: z.boolean(),
  /** The batch it was made in (`articleToVideo/batch`), or null. */
  batchId: z.number().int().nullable(),
  /**
   * True while a batch's video waits for a free place among the user's renders (排队等待: gold held, no job
   * yet; it starts by itself when one of the user's renders ends).
   */
  waiting: z.boolean(),
});
export type VideoTask = z.infer<typeof videoTaskSchema>;

export const videoIdQuerySchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const videoIdBodySchema = z.object({ id });
export const videoBgmPreviewQuerySchema = z.object({ id: z.string().min(1).max(64) });

/** Public URLs of a shared video (its plaza work shows them to anyone; every other link to it is signed). */
export const videoShareSchema = z.object({ videoUrl: z.string(), coverUrl: z.string().nullable() });
export type VideoShare = z.infer<typeof videoShareSchema>;

/**
 * The storyboard (分镜): a task made scene by scene before it is rendered. Each scene has its line, its picture and
 * its voice (with word timings); a line edit redoes that scene's voice only, a picture replaced changes nothing
 * else. Voices and generated pictures are made by `video_scene` jobs, one per scene, whose progress reaches the
 * owner over the hub (`JobProgress`, type `video_scene`, result `{ taskId, sceneId }`). Rendering holds the gold
 * (per word of all lines) and reuses every finished voice and picture.
 */
export const VIDEO_SCENE_LINE_MAX = 120;
export const VIDEO_STORYBOARD_SCENES_MAX = 60;

/**
 * Where a scene's picture comes from: drawn for its line (`generated`), one of my drawings, a picture I uploaded,
 * a colour or two-colour gradient card, the template's background or a picture of the article.
 */
export const VIDEO_SCENE_PICTURE_KINDS = [
  'generated',
  'drawing',
  'upload',
  'color',
  'template',
  'article',
] as const;
export const videoScenePictureKindSchema = z.enum(VIDEO_SCENE_PICTURE_KINDS);
export type VideoScenePictureKind = z.infer<typeof videoScenePictureKindSchema>;

/** pending: its voice or picture is being made; ready: both are; failed: making one failed (edit or retry). */
export const videoSceneStatusSchema = z.enum(['pending', 'ready', 'failed']);
export type VideoSceneStatus = z.infer<typeof videoSceneStatusSchema>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** A replacement picture for a scene. */
export const videoScenePictureInputSchema = z.discriminatedUnion('kind', [
  /** Another picture drawn for the line (a new seed). */
  z.object({ kind: z.literal('generated') }),
  /** One of my finished drawings (`index`: which of its pictures). */
  z.object({ kind: z.literal('drawing'), drawingId: id, index: z.number().int().min(0).max(8).default(0) }),
  /** A picture I uploaded (`UploadAttachments`, an image). */
  z.object({ kind: z.literal('upload'), fileId: id }),
  /** A colour card, or a top-to-bottom gradient of two colours. */
  z.object({ kind: z.literal('color'), colors: z.array(hexColour).min(1).max(2) }),
]);
export type VideoScenePictureInput = z.input<typeof videoScenePictureInputSchema>;

export const videoSceneWordSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });

export const videoSceneSchema = z.object({
  id: z.number().int(),
  /** 0-based place in the storyboard. */
  position: z.number().int().min(0),
  line: z.string(),
  pictureKind: videoScenePictureKindSchema,
  /** The picture to show (a signed link of 600 s for stored files); null while it is being made. */
  pictureUrl: z.string().nullable(),
  /** The colours of a colour card. */
  colors: z.array(z.string()).nullable(),
  /** The scene's voice (signed, MP3); null while it is being made. */
  voiceUrl: z.string().nullable(),
  /** Seconds of the voice; null while it is being made. */
  voiceSeconds: z.number().nullable(),
  /** The voice's own timings of the subtitle pieces (seconds from the start of the voice). */
  words: z.array(videoSceneWordSchema),
  status: videoSceneStatusSchema,
  /** The job making what is missing: its `JobProgress` events are this scene's progress. */
  jobId: z.number().int().nullable(),
});
export type VideoScene = z.infer<typeof videoSceneSchema>;

export const videoStoryboardSchema = z.object({
  task: videoTaskSchema,
  scenes: z.array(videoSceneSchema),
  /** What rendering it now costs (all lines). */
  estimate: videoEstimateSchema,
});
export type VideoStoryboard = z.infer<typeof videoStoryboardSchema>;

const sceneLine = z.string().trim().min(1).max(VIDEO_SCENE_LINE_MAX);
const sceneRef = { taskId: id, sceneId: id };

export const videoSceneLineBodySchema = z.object({
  ...sceneRef,
  line: sceneLine,
  /** Draw the picture again for the new line too (only for drawn pictures; default: keep the picture). */
  redraw: z.boolean().default(false),
});
export const videoScenePictureBodySchema = z.object({ ...sceneRef, picture: videoScenePictureInputSchema });
export const videoSceneMoveBodySchema = z.object({ ...sceneRef, position: z.number().int().min(0) });
export const videoSceneDeleteBodySchema = z.object(sceneRef);
export const videoSceneAddBodySchema = z.object({
  taskId: id,
  /** The new scene goes after this one; null: first. */
  afterSceneId: id.nullable(),
  line: sceneLine,
});
export type VideoSceneLineBody = z.input<typeof videoSceneLineBodySchema>;
export type VideoScenePictureBody = z.input<typeof videoScenePictureBodySchema>;
export type VideoSceneMoveBody = z.input<typeof videoSceneMoveBodySchema>;
export type VideoSceneAddBody = z.input<typeof videoSceneAddBodySchema>;

const storyboardEndpoint = <B extends z.ZodType>(name: string, summary: string, body: B) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/articleToVideo/storyboard/${name}`,
    auth: 'user',
    tag: 'ai',
    summary,
    body,
    result: videoStoryboardSchema,
  });

export const videoEndpoints = {
  articleToVideoTemplates: defineEndpoint({
    method: 'GET',
    path: '/api/articleToVideo/videoTemplate',
    auth: 'visitor',
    tag: 'ai',
    summary: 'Video templates (video_template), music (app_bgm), prices and how long videos are kept',
    result: videoOptionsSchema,
  }),
  articleToVideoEstimate: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/estimate',
    auth: 'user',
    tag: 'ai',
    summary: 'Length and gold of a video before making it (spec §9 perSecondWord, gold per word)',
    body: videoEstimateBodySchema,
    result: videoEstimateSchema,
  }),
  articleToVideoAdd: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/add',
    auth: 'user',
    tag: 'ai',
    summary: 'Make a video from one of my articles or a pasted text; holds the gold and queues the render',
    body: videoAddBodySchema,
    result: videoTaskSchema,
  }),
  articleToVideoBatchEstimate: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/batchEstimate',
    auth: 'user',
    tag: 'ai',
    summary: 'Length and gold of each video of a batch and of the whole batch, before making it',
    body: videoBatchEstimateBodySchema,
    result: videoBatchEstimateSchema,
  }),
  articleToVideoBatch: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/batch',
    auth: 'user',
    tag: 'ai',
    summary:
      'Make up to 5 videos in one go (5 of my articles, or one article with up to 3 templates): all the gold is held at once or nothing is made; videos past my free render places wait and start as earlier ones end',
    body: videoBatchBodySchema,
    result: z.array(videoTaskSchema),
  }),
  articleToVideoDetail: defineEndpoint({
    method: 'GET',
    path: '/api/articleToVideo/detail',
    auth: 'user',
    tag: 'ai',
    summary: 'One of my videos: status, stage, progress, files, expiry, error stage',
    query: videoIdQuerySchema,
    result: videoTaskSchema,
  }),
  articleToVideoPage: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/page',
    auth: 'user',
    tag: 'ai',
    summary: 'My videos, newest first',
    body: keysetPageQuerySchema,
    result: keysetPagedSchema(videoTaskSchema),
  }),
  articleToVideoDelete: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/delete',
    auth: 'user',
    tag: 'ai',
    summary: 'Delete one of my videos; a running render is canceled and its gold given back',
    body: videoIdBodySchema,
    result: z.boolean(),
  }),
  articleToVideoShare: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/share',
    auth: 'user',
    tag: 'ai',
    summary:
      'Public URLs of one of my finished videos for a plaza work (a public copy is made; the task itself answers signed links of 600 s)',
    body: videoIdBodySchema,
    result: videoShareSchema,
  }),
  articleToVideoStoryboardCreate: storyboardEndpoint(
    'create',
    'Split an article or a pasted text into a storyboard (生成分镜) to edit before rendering; holds no gold',
    videoAddBodySchema,
  ),
  articleToVideoStoryboardDetail: defineEndpoint({
    method: 'GET',
    path: '/api/articleToVideo/storyboard/detail',
    auth: 'user',
    tag: 'ai',
    summary: 'One of my storyboards: its scenes in order, each with its line, picture, voice and state',
    query: videoIdQuerySchema,
    result: videoStoryboardSchema,
  }),
  articleToVideoSceneLine: storyboardEndpoint(
    'editLine',
    "Change a scene's line: that scene's voice and timing are made again, nothing else",
    videoSceneLineBodySchema,
  ),
  articleToVideoScenePicture: storyboardEndpoint(
    'replacePicture',
    "Replace a scene's picture: drawn again, one of my drawings, an upload, or a colour or gradient card",
    videoScenePictureBodySchema,
  ),
  articleToVideoSceneMove: storyboardEndpoint(
    'move',
    'Move a scene to another place',
    videoSceneMoveBodySchema,
  ),
  articleToVideoSceneDelete: storyboardEndpoint('deleteScene', 'Delete a scene', videoSceneDeleteBodySchema),
  articleToVideoSceneAdd: storyboardEndpoint(
    'addScene',
    'Add a scene after another one',
    videoSceneAddBodySchema,
  ),
  articleToVideoStoryboardRender: defineEndpoint({
    method: 'POST',
    path: '/api/articleToVideo/storyboard/render',
    auth: 'user',
    tag: 'ai',
    summary:
      'Render a storyboard: holds the gold and queues the render, which reuses every finished voice and picture ' +
      'and the clip of every unchanged scene; a storyboard whose render ended can be edited and rendered again ' +
      '(a new render with its own hold, the last video kept until the new one is made)',
    body: videoIdBodySchema,
    result: videoTaskSchema,
  }),
  articleToVideoBgmPreview: defineEndpoint({
    method: 'GET',
    path: '/api/articleToVideo/bgmPreview',
    auth: 'visitor',
    tag: 'ai',
    summary: 'A 10-second MP3 of a music track (raw audio; cached)',
    kind: 'binary',
    query: videoBgmPreviewQuerySchema,
    result: z.unknown(),
  }),
  /**
   * 下载工程包: a finished video as a zip to finish in any editor (streamed, owner only): each scene's picture and
   * voice in order (a storyboard's), the subtitles as SRT and ASS, the music, the video and its cover, and a plain
   * description (`README.txt` in the owner's language and `project.json`: scenes with their text, durations and
   * file names, the template, the music, the AI-generated label). Refused (`video_project_unavailable`) until the
   * video is made, and once its files expired.
   */
  articleToVideoProject: defineEndpoint({
    method: 'GET',
    path: '/api/articleToVideo/project',
    auth: 'user',
    tag: 'ai',
    summary: 'My finished video as a project zip (scene pictures and voices, SRT, ASS, music, description)',
    kind: 'binary',
    query: videoIdQuerySchema,
    result: z.unknown(),
  }),
};
