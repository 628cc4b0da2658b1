import { z } from 'zod';
import { cursorField, keysetPagedSchema } from './envelope.js';
import { jobStateSchema } from './hub-events.js';
import { authorSummarySchema } from './plaza.js';
import { defineEndpoint } from './registry.js';

/**
 * AI drawing (spec §1, §2 Drawing, §7 AI, §9).
 *
 * A drawing task is a background job (`ai_draw`) whose progress reaches the owner over the hub as
 * `JobProgress` (with `jobId` = the task's `jobId`). Gold (`goldPerImage` × count, shown before submit by
 * `/api/aiDraw/options`) is reserved when the task is accepted, charged when it succeeds and given back when it
 * fails, is canceled or times out. An image made by the built-in offline engine says so (`offline: true`, and
 * `engine` = `offline`).
 */

/** Longest prompt the form accepts; an engine may set a lower limit (`options.maxPromptChars`). */
export const DRAW_PROMPT_MAX = 1000;
export const DRAW_NEGATIVE_MAX = 500;
export const DRAW_TITLE_MAX = 40;
export const DRAW_MAX_COUNT = 4;
export const DRAW_MAX_ROLE_IMAGES = 4;
/** Text pasted into "text to image": at most this many paragraphs get an illustration. */
export const DRAW_ARTICLE_MAX_PARAGRAPHS = 4;

/** Job type, as seen in `JobProgress.type`. */
export const drawJobType = 'ai_draw';
/** Job type of an upscale (高清放大), as seen in `JobProgress.type`. */
export const drawUpscaleJobType = 'ai_draw_upscale';
/** Upscale factors offered (高清放大 ×2, ×4). */
export const drawUpscaleScales = [2, 4] as const;
export type DrawUpscaleScale = (typeof drawUpscaleScales)[number];
/** Longest side an upscaled picture may have: inputs whose result would be larger are refused. */
export const DRAW_UPSCALE_MAX_SIDE = 4096;
/** Hall works in the weekly ranking. */
export const DRAW_WEEKLY_RANKING_SIZE = 20;

/** Engine name of a work that is my own uploaded picture (to upscale it), not a drawing. */
export const DRAW_UPLOAD_ENGINE = 'upload';

export const drawRatios = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export const drawRatioSchema = z.enum(drawRatios);
export type DrawRatio = z.infer<typeof drawRatioSchema>;

/** Style chips; each engine turns the style into prompt words (the offline engine into palette and texture). */
export const drawStyles = [
  'none',
  'photo',
  'anime',
  'watercolor',
  'ink',
  'oil',
  'cyberpunk',
  'pixel',
  'sketch',
  '3d',
] as const;
export const drawStyleSchema = z.enum(drawStyles);
export type DrawStyle = z.infer<typeof drawStyleSchema>;

/** Pixel size of an image at a ratio, long side 1024 (what the offline engine renders). */
export const drawSizeOf = (ratio: DrawRatio, longSide = 1024): { width: number; height: number } => {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  const scale = longSide / Math.max(w, h);
  // Multiples of 8, as diffusion models want them.
  const round8 = (n: number) => Math.round((n * scale) / 8) * 8;
  return { width: round8(w), height: round8(h) };
};

const idSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * Picture to picture: start from one of my finished drawings (its `index`-th picture) or from a picture I
 * uploaded (`aiDrawUploadRoleImages`, the album upload). Engines that support it (`options.sourceImage`) draw from
 * it; the offline engine takes its colours and layout as the background.
 */
export const drawSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('drawing'),
    id: idSchema,
    index: z
      .number()
      .int()
      .min(0)
      .max(DRAW_MAX_COUNT - 1)
      .default(0),
  }),
  z.object({ kind: z.literal('upload'), id: idSchema }),
]);
export type DrawSource = z.output<typeof drawSourceSchema>;

export const drawImagineBodySchema = z.object({
  prompt: z.string().trim().min(1).max(DRAW_PROMPT_MAX),
  negativePrompt: z.string().trim().max(DRAW_NEGATIVE_MAX).optional(),
  style: drawStyleSchema.default('none'),
  ratio: drawRatioSchema.default('1:1'),
  count: z.number().int().min(1).max(DRAW_MAX_COUNT).default(1),
  /** Reference images of a character, uploaded earlier with uploadRoleImages by the same user. */
  roleImageIds: z.array(idSchema).max(DRAW_MAX_ROLE_IMAGES).optional(),
  /** Same prompt and seed give the same offline picture; random when absent. */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  /** Picture to picture: the picture to start from. */
  source: drawSourceSchema.optional(),
  /** 一键同款: the published work this task remixes (the hall counts and lists its remixes). */
  remixOf: idSchema.optional(),
});
export type DrawImagineBody = z.input<typeof drawImagineBodySchema>;
export type DrawImagineRequest = z.output<typeof drawImagineBodySchema>;

export const drawIdSchema = z.object({ id: idSchema });

export const drawImageSchema = z.object({
  /** Full image: a plain URL once published, else a signed link valid 600 s. */
  url: z.string(),
  /** Thumbnail (long side 480), same visibility. */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type DrawImage = z.infer<typeof drawImageSchema>;

/** An upscaled version of one picture of a work (高清放大), itself a job while it runs. */
export const drawVersionSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  /** Which picture of the task (0-based). */
  imageIndex: z.number().int().min(0),
  scale: z.number().int(),
  status: jobStateSchema,
  progress: z.number().int().min(0).max(100),
  /** `esrgan-slim` (offline, in this process) or the provider's upscaler (`sdwebui`). */
  engine: z.string(),
  offline: z.boolean(),
  /** The upscaled picture once done. */
  image: drawImageSchema.nullable(),
  cost: z.number().int().min(0),
  error: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createTime: z.string(),
});
export type DrawVersion = z.infer<typeof drawVersionSchema>;

export const drawTaskSchema = z.object({
  id: z.number().int(),
  /** The job carrying the task; `JobProgress.jobId` equals it. */
  jobId: z.number().int().nullable(),
  status: jobStateSchema,
  progress: z.number().int().min(0).max(100),
  /** `queued`, `submitting`, `generating`, `saving`… as the engine reports them. */
  stage: z.string().nullable(),
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  style: drawStyleSchema,
  ratio: drawRatioSchema,
  count: z.number().int(),
  /** The seed it was drawn with: same prompt and seed, same offline picture (一键同款 keeps it). */
  seed: z.number().int(),
  images: z.array(drawImageSchema),
  /**
   * Upscaled versions of its pictures, newest first (the owner sees all; others the finished ones). Filled in the
   * answers about one work (detail, imagine, publish, like, upscale); empty in lists.
   */
  versions: z.array(drawVersionSchema),
  /** The published work this one remixes, if any. */
  remixOf: z.number().int().nullable(),
  /** How many tasks remixed this work (一键同款). */
  remixes: z.number().int().min(0),
  /** Engine that draws it: `offline`, `openai`, `sdwebui`, `comfyui`, `midjourney`, `dashscope`. */
  engine: z.string(),
  offline: z.boolean(),
  /** Gold: reserved while queued or running, charged on success, 0 once given back. */
  cost: z.number().int().min(0),
  /** Error id when failed (`extras.error` style), with its message in the caller's language. */
  error: z.string().nullable(),
  errorMessage: z.string().nullable(),
  title: z.string().nullable(),
  published: z.boolean(),
  likes: z.number().int(),
  liked: z.boolean(),
  author: authorSummarySchema,
  /** True when the caller owns the task. */
  mine: z.boolean(),
  createTime: z.string(),
});
export type DrawTask = z.infer<typeof drawTaskSchema>;

export const drawPageBodySchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
  ...cursorField,
  /** `mine`: my tasks (all states); `hall`: published works of everyone, or of `userId`. */
  scope: z.enum(['mine', 'hall']).default('mine'),
  userId: idSchema.optional(),
  /** Hall order. */
  sort: z.enum(['newest', 'hottest']).default('newest'),
  /** Hall: only works of this style. */
  style: drawStyleSchema.optional(),
  /** Hall: the published remixes of this work, newest first. */
  remixOf: idSchema.optional(),
  /** Mine: only published (`true`) or only private (`false`) works. */
  published: z.boolean().optional(),
});
export type DrawPageBody = z.input<typeof drawPageBodySchema>;
export type DrawPageRequest = z.output<typeof drawPageBodySchema>;

export const drawPublishBodySchema = z.object({
  id: idSchema,
  title: z.string().trim().min(1).max(DRAW_TITLE_MAX),
});

export const drawUpscaleBodySchema = z.object({
  id: idSchema,
  /** Which picture of the task (0-based). */
  imageIndex: z.number().int().min(0).max(DRAW_MAX_COUNT - 1).default(0),
  scale: z.union([z.literal(2), z.literal(4)]),
});
export type DrawUpscaleBody = z.input<typeof drawUpscaleBodySchema>;

/** Variation: same prompt, a nearby seed; reroll: same prompt, a new random seed. */
export const drawVariationBodySchema = z.object({
  id: idSchema,
  mode: z.enum(['variation', 'reroll']),
});
export type DrawVariationBody = z.input<typeof drawVariationBodySchema>;

export const drawWeeklyRankingSchema = z.object({
  /** ISO week of Asia/Shanghai, e.g. `2026-W48`. */
  week: z.string(),
  /** Most liked published works this week, most likes first. */
  items: z.array(drawTaskSchema.extend({ weekLikes: z.number().int() })),
});
export type DrawWeeklyRanking = z.infer<typeof drawWeeklyRankingSchema>;

export const drawToEnglishBodySchema = z.object({
  text: z.string().trim().min(1).max(DRAW_PROMPT_MAX),
});
export const drawToEnglishResultSchema = z.object({
  text: z.string(),
  /** `openai` (the configured text provider) or `offline` (the dictionary translator). */
  engine: z.string(),
  offline: z.boolean(),
});
export type DrawToEnglishResult = z.infer<typeof drawToEnglishResultSchema>;

export const drawRoleImageSchema = z.object({
  id: z.number().int(),
  /** Signed link valid 600 s (role images stay private). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type DrawRoleImage = z.infer<typeof drawRoleImageSchema>;

/** What a drawing upload is for: a character's reference (listed under 参考角色) or a picture to draw from (以图生图). */
export const DRAW_UPLOAD_PURPOSES = ['role', 'source'] as const;
export type DrawUploadPurpose = (typeof DRAW_UPLOAD_PURPOSES)[number];
export const drawUploadQuerySchema = z.object({ purpose: z.enum(DRAW_UPLOAD_PURPOSES).default('role') });

export const drawOptionsSchema = z.object({
  engine: z.string(),
  offline: z.boolean(),
  /** Gold per image (app_config prices.goldPerImage); a task costs this × count. */
  goldPerImage: z.number().int().min(0),
  maxPromptChars: z.number().int(),
  /** Whether the engine uses reference role images. */
  roleImages: z.boolean(),
  /** Whether the engine draws from a source picture (picture to picture). */
  sourceImage: z.boolean(),
  styles: z.array(drawStyleSchema),
  ratios: z.array(drawRatioSchema),
  /** Gold per upscale (app_config prices.goldPerUpscale) and who does it. */
  goldPerUpscale: z.number().int().min(0),
  upscaleScales: z.array(z.number().int()),
  upscaleEngine: z.string(),
});
export type DrawOptions = z.infer<typeof drawOptionsSchema>;

/**
 * How the offline engine composed a task's first picture: the motifs it placed (by id: `bridge`, `boat`…), the
 * treatment, and the SVG itself (without the label, or a source picture's background). The composer is
 * deterministic, so this is recomputed from the task's prompt, style, ratio and seed.
 */
export const drawCompositionSchema = z.object({
  motifs: z.array(z.string()),
  style: z.string(),
  svg: z.string(),
});
export type DrawComposition = z.infer<typeof drawCompositionSchema>;

export const drawingEndpoints = {
  aiDrawOptions: defineEndpoint({
    method: 'GET',
    path: '/api/aiDraw/options',
    auth: 'public',
    tag: 'ai',
    summary: 'The drawing engine, price per image (gold), prompt limit, styles and ratios',
    result: drawOptionsSchema,
  }),
  aiDrawImagine: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/imagine',
    auth: 'user',
    tag: 'ai',
    summary:
      'Draw from a prompt (censored; refused words named); reserves goldPerImage × count and queues the task',
    body: drawImagineBodySchema,
    result: drawTaskSchema,
  }),
  aiDrawDetail: defineEndpoint({
    method: 'GET',
    path: '/api/aiDraw/detail',
    auth: 'public',
    tag: 'ai',
    summary: 'One task: mine in any state, or anyone’s published work',
    query: drawIdSchema,
    result: drawTaskSchema,
  }),
  aiDrawComposition: defineEndpoint({
    method: 'GET',
    path: '/api/aiDraw/composition',
    auth: 'public',
    tag: 'ai',
    summary: 'How the offline engine composed a task (mine, or a published work): its motifs and SVG',
    query: drawIdSchema,
    result: drawCompositionSchema,
  }),
  aiDrawPage: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/page',
    auth: 'public',
    tag: 'ai',
    summary: 'My tasks (scope mine), or the works hall (scope hall: published, newest or hottest)',
    body: drawPageBodySchema,
    result: keysetPagedSchema(drawTaskSchema),
  }),
  aiDrawDelete: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/delete',
    auth: 'user',
    tag: 'ai',
    summary: 'Delete one of my tasks; a queued or running one is canceled and its gold given back',
    body: drawIdSchema,
    result: z.boolean(),
  }),
  aiDrawPublish: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/publish',
    auth: 'user',
    tag: 'ai',
    summary: 'Publish a finished work of mine to the hall with a title (censored); its images become public',
    body: drawPublishBodySchema,
    result: drawTaskSchema,
  }),
  aiDrawLike: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/like',
    auth: 'user',
    tag: 'ai',
    summary: 'Like or unlike a published work (toggles); answers the work',
    body: drawIdSchema,
    result: drawTaskSchema,
  }),
  aiDrawUpscale: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/upscale',
    auth: 'user',
    tag: 'ai',
    summary:
      '高清放大 one picture of my finished work ×2 or ×4 (job ai_draw_upscale; reserves goldPerUpscale); answers the work with the new version',
    body: drawUpscaleBodySchema,
    result: drawTaskSchema,
  }),
  aiDrawUploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/uploadImage',
    auth: 'user',
    tag: 'ai',
    summary:
      'One picture of mine to upscale (multipart `file`: jpg/png ≤ 1 MB, ≤ 1920×1080): kept as a private work (engine `upload`) that can be upscaled, not published or redrawn',
    kind: 'multipart',
    result: drawTaskSchema,
  }),
  aiDrawVariation: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/variation',
    auth: 'user',
    tag: 'ai',
    summary: 'Draw my work again: variation (nearby seed) or reroll (new seed); answers the new task',
    body: drawVariationBodySchema,
    result: drawTaskSchema,
  }),
  aiDrawWeeklyRanking: defineEndpoint({
    method: 'GET',
    path: '/api/aiDraw/weeklyRanking',
    auth: 'public',
    tag: 'ai',
    summary: 'The hall’s weekly ranking: most liked published works this ISO week (Asia/Shanghai)',
    result: drawWeeklyRankingSchema,
  }),
  aiDrawToEnglish: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/toEnglish',
    auth: 'user',
    tag: 'ai',
    summary: 'Translate a Chinese prompt to English (text provider, or the offline dictionary translator)',
    body: drawToEnglishBodySchema,
    result: drawToEnglishResultSchema,
  }),
  aiDrawNotifyMidjourney: defineEndpoint({
    method: 'POST',
    path: '/api/aiDraw/notify/midjourney',
    auth: 'public',
    tag: 'ai',
    summary:
      'midjourney-proxy notifyHook (the proxy posts a task as it changes; `token` in the URL): wakes that task’s poll',
    query: z.object({ token: z.string().min(1).max(64) }),
    body: z.looseObject({ id: z.string().min(1).max(64), status: z.string().max(32).optional() }),
    result: z.boolean(),
  }),
  aiDrawUploadRoleImages: defineEndpoint({
    method: 'POST',
    path: '/api/aiDrawProject/uploadRoleImages',
    auth: 'user',
    tag: 'ai',
    summary:
      'Up to 4 reference images of a character (multipart `file` parts; spec §9 digital images: jpg/png/gif ≤ 2 MB, ≤ 1920×1080); private. `purpose=source`: a picture to draw from (以图生图), not listed among the role images',
    kind: 'multipart',
    query: drawUploadQuerySchema,
    result: z.array(drawRoleImageSchema),
  }),
  aiDrawRoleImages: defineEndpoint({
    method: 'GET',
    path: '/api/aiDrawProject/roleImages',
    auth: 'user',
    tag: 'ai',
    summary: 'My uploaded role images, newest first',
    result: z.array(drawRoleImageSchema),
  }),
};
