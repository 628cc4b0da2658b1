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
  images: z.array(drawImageSchema),
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
  /** Mine: only published (`true`) or only private (`false`) works. */
  published: z.boolean().optional(),
});
export type DrawPageBody = z.input<typeof drawPageBodySchema>;
export type DrawPageRequest = z.output<typeof drawPageBodySchema>;

export const drawPublishBodySchema = z.object({
  id: idSchema,
  title: z.string().trim().min(1).max(DRAW_TITLE_MAX),
});

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
      'Up to 4 reference images of a character (multipart `file` parts; spec §9 digital images: jpg/png/gif ≤ 2 MB, ≤ 1920×1080); private',
    kind: 'multipart',
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
