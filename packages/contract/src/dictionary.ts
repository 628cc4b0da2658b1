import { z } from 'zod';
import { aiLabelsSchema, DEFAULT_AI_LABELS } from './ai-labels.js';
import { pagedSchema } from './envelope.js';
import { LOCALES } from './enums.js';
import { defineEndpoint } from './registry.js';
import { isAllowedMusic, MUSIC_SCORE_IDS } from './music-source.js';
import {
  DEFAULT_PICTURE_MODERATION,
  DEFAULT_REVIEW_POLICY,
  pictureModerationSchema,
  reviewPolicySchema,
} from './moderation.js';

/**
 * Dictionaries (spec §7) and the app config.
 *
 * Every dictionary has a `version` that rises by one on every change of one of its items (add, update,
 * delete, in the same transaction as the change). Web cache rule (spec §7), the contract the web app follows:
 * 1. keep each dictionary in local storage under `dict:<name>` as `{ type: 'object', data: { version, items } }`;
 * 2. on start, call `GET /api/sysDictData/versions` (tiny, never cached by the server) — or read `apiCaches`
 *    of an already fetched app_config — and refetch `GET /api/sysDictData/dataList/{name}` only when the
 *    server version is higher than the local one (or the dictionary is missing locally);
 * 3. when app_config's `apiCachesEnable` is false, always refetch (no local cache).
 * A second start with nothing changed therefore makes no `dataList` request at all.
 */
export const DICT_NAMES = [
  'package_type',
  'ai_video_category_nav',
  'ai_video_category',
  'tts_config_nam',
  'video_template',
  'app_bgm',
  'app_coupon',
  'app_tips',
  'app_activity_rule',
  'app_video_insert',
  'app_vip_nav',
  'robot',
  'service',
  'app_config',
] as const;
export const dictNameSchema = z.enum(DICT_NAMES);
export type DictName = z.infer<typeof dictNameSchema>;

/** Any JSON value (an item's structured payload). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

export const dictItemSchema = z.object({
  id: z.number().int(),
  /** What the screen shows (Chinese). */
  label: z.string(),
  /** Stable key, unique within the dictionary. */
  value: z.string(),
  /** Structured payload; its shape per dictionary is `dictDataSchemas[name]`. */
  data: jsonValueSchema,
  sort: z.number().int(),
  /** 1 shown, 0 hidden (hidden items are not in `dataList`). */
  status: z.union([z.literal(0), z.literal(1)]),
  remark: z.string().nullable(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

export const dictListSchema = z.object({
  name: dictNameSchema,
  version: z.number().int().min(1),
  items: z.array(dictItemSchema),
});
export type DictList = z.infer<typeof dictListSchema>;

export const dictVersionsSchema = z.record(dictNameSchema, z.number().int().min(0));
export type DictVersions = z.infer<typeof dictVersionsSchema>;

// ---- Payload shapes per dictionary (operators' edits are validated against them). ----

const text = z.string().max(2000);
const url = z.string().max(1000);

/** app_config: one item per key below (item value = key, item data = the value). */
export const welcomeGiftSchema = z.object({
  gold: z.number().int().min(0).max(1_000_000),
  points: z.number().int().min(0).max(1_000_000),
  vipDays: z.number().int().min(0).max(3650),
});
export type WelcomeGift = z.infer<typeof welcomeGiftSchema>;
/**
 * The default gift (issue 37): at the default prices (20 gold a spoken word at 5 words a second, 30 gold a
 * picture) 7300 gold pays for a first one-minute video (300 words, 6000), three drawings (90) and one 60-character
 * dubbing (1200), with 10 to spare.
 */
export const DEFAULT_WELCOME_GIFT: WelcomeGift = { gold: 7300, points: 100, vipDays: 0 };

/**
 * A price per capability (gold): a video and a dubbing per billable spoken word, subtitles per started minute
 * of audio (0: free), a drawing per picture and per 高清放大. perSecondWord is the speaking rate a video's length
 * is estimated with.
 */
export const pricesSchema = z.object({
  perSecondWord: z.number().positive().max(100).default(5),
  goldPerVideoWord: z.number().int().min(0).max(10000).default(20),
  goldPerDubWord: z.number().int().min(0).max(10000).default(20),
  goldPerSubtitleMinute: z.number().int().min(0).max(100000).default(0),
  goldPerImage: z.number().int().min(0).max(100000).default(30),
  goldPerUpscale: z.number().int().min(0).max(100000).default(10),
});
export type Prices = z.infer<typeof pricesSchema>;
/** The same defaults as a plain object (the web app reads them without zod). */
export const DEFAULT_PRICES: Prices = {
  perSecondWord: 5,
  goldPerVideoWord: 20,
  goldPerDubWord: 20,
  goldPerSubtitleMinute: 0,
  goldPerImage: 30,
  goldPerUpscale: 10,
};

/**
 * What `gold` buys at `prices`: whole one-minute videos (perSecondWord × 60 words), drawings and characters of
 * dubbing. The guide, the insufficient-gold sheet and the console's package editor say it the same way.
 */
export const goldBuys = (gold: number, prices: Prices) => {
  const minuteGold = Math.round(prices.perSecondWord * 60) * prices.goldPerVideoWord;
  const per = (price: number) => (price > 0 ? Math.floor(Math.max(0, gold) / price) : null);
  return {
    /** One-minute videos (null: videos are free). */
    videoMinutes: per(minuteGold),
    drawings: per(prices.goldPerImage),
    dubChars: per(prices.goldPerDubWord),
  };
};
export type GoldBuys = ReturnType<typeof goldBuys>;

/**
 * A first day's plan for `gold` (the welcome gift): as many one-minute videos as it pays for, then up to three
 * drawings, then the characters of dubbing the rest pays for. 7300 gold at the default prices: 1, 3 and 60.
 */
export const goldPlan = (gold: number, prices: Prices) => {
  const minuteGold = Math.round(prices.perSecondWord * 60) * prices.goldPerVideoWord;
  let rest = Math.max(0, gold);
  const videoMinutes = minuteGold > 0 ? Math.floor(rest / minuteGold) : 0;
  rest -= videoMinutes * minuteGold;
  const drawings = prices.goldPerImage > 0 ? Math.min(3, Math.floor(rest / prices.goldPerImage)) : 3;
  rest -= drawings * prices.goldPerImage;
  const dubChars = prices.goldPerDubWord > 0 ? Math.floor(rest / prices.goldPerDubWord) : 0;
  return { videoMinutes, drawings, dubChars };
};

/**
 * Each user's upload limits in MB (the four upload classes together; spec §9's per-file limits still apply):
 * what may be stored at once and what may be uploaded per Asia/Shanghai day, higher for a VIP.
 */
export const uploadQuotaSchema = z.object({
  storageMb: z.number().int().min(1).max(10_000_000),
  dailyMb: z.number().int().min(1).max(10_000_000),
  vipStorageMb: z.number().int().min(1).max(10_000_000),
  vipDailyMb: z.number().int().min(1).max(10_000_000),
});
export type UploadQuota = z.infer<typeof uploadQuotaSchema>;
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  storageMb: 5 * 1024,
  dailyMb: 2 * 1024,
  vipStorageMb: 50 * 1024,
  vipDailyMb: 20 * 1024,
};

/**
 * Against accounts made in bulk: the human check (proof of work) is asked for once an address or a device has
 * had `smsBeforeCheck` SMS codes in the last hour; the welcome gift goes once per device and to at most
 * `giftsPerIpDaily` sign-ups per address per Asia/Shanghai day (later ones get the account without it).
 */
export const signUpGuardSchema = z.object({
  smsBeforeCheck: z.number().int().min(0).max(1000),
  giftsPerIpDaily: z.number().int().min(0).max(100_000),
});
export type SignUpGuard = z.infer<typeof signUpGuardSchema>;
export const DEFAULT_SIGN_UP_GUARD: SignUpGuard = { smsBeforeCheck: 3, giftsPerIpDaily: 3 };
export const accountDeletionConfigSchema = z.object({ coolingOffDays: z.number().int().min(0).max(90) });
export const DEFAULT_ACCOUNT_DELETION = { coolingOffDays: 15 };

export const appConfigSchema = z.object({
  /** Free AI questions per day for non-VIP users. */
  questionNum: z.number().int().min(0).max(10000),
  /** Real-name check on; when off the status counts as Approved (spec §4). */
  idCardEnable: z.boolean(),
  /**
   * Publishing to the plaza needs an approved real name (only while idCardEnable is on). The one rule that the
   * server applies (403 `real_name_required`) and the real-name page states (RealNameDetail.requiredToPublish).
   */
  realNameToPublish: z.boolean().default(false),
  /** Category ids: `article` of plaza articles, `robot` of robot conversations. */
  categoryId: z.object({ article: z.number().int().min(0), robot: z.number().int().min(0) }),
  /** Original id (gh_…) of the WeChat mini program, for launching it. */
  mnpOriginId: z.string().max(64),
  /** Each capability's price, with its one default (the seed and every reader take it from here). */
  prices: pricesSchema,
  /** How long a generated video is kept, in seconds; expired at createTime + saveVideoTime. */
  saveVideoTime: z.number().int().min(60),
  /** Whether the web app may cache dictionaries locally. */
  apiCachesEnable: z.boolean(),
  /** Current version of every dictionary; computed on read, not editable. */
  apiCaches: dictVersionsSchema,
  /** Client error reports (`POST /api/sysLogEx/add`) accepted only when `h5` is on. */
  reportLogEnable: z.object({ h5: z.boolean() }),
  /**
   * Most AI tasks one user may have queued or running at once, per capability; a VIP gets the limit ×
   * vipMultiplier. A submit past it is refused with 429 `too_many_tasks`.
   */
  taskLimits: z.object({
    drawing: z.number().int().min(1).max(1000),
    dubbing: z.number().int().min(1).max(1000),
    subtitles: z.number().int().min(1).max(1000),
    video: z.number().int().min(1).max(1000),
    vipMultiplier: z.number().int().min(1).max(100),
  }),
  /**
   * Storyboard scenes (分镜) one user may have voiced and pictured per day before rendering (free previews: a
   * storyboard is paid for when rendered). Each scene made by 生成分镜, 加一镜, 改台词 or a redrawn picture counts
   * one; past it the edit is refused with 429 `video_storyboard_previews_exhausted`.
   */
  storyboardPreviewsPerDay: z.number().int().min(0).max(100000).default(150),
  /**
   * What every new account receives once, in its sign-up transaction: gold, points and VIP days (0 = none).
   * A change applies to later sign-ups only.
   */
  welcomeGift: welcomeGiftSchema.default(DEFAULT_WELCOME_GIFT),
  uploadQuota: uploadQuotaSchema.default(DEFAULT_UPLOAD_QUOTA),
  signUpGuard: signUpGuardSchema.default(DEFAULT_SIGN_UP_GUARD),
  /** AI labels (GB 45438-2025): audio lead-in, the video corner mark, the text label's wording. */
  aiLabels: aiLabelsSchema.default(DEFAULT_AI_LABELS),
  /**
   * Account deletion: days between the request and the anonymisation, during which logging in offers to
   * cancel (a change applies to later requests).
   */
  accountDeletion: accountDeletionConfigSchema.default(DEFAULT_ACCOUNT_DELETION),
  /** Picture thresholds of the classifier's risk: refuse an upload at `block`, send publishing to review at `review`. */
  pictureModeration: pictureModerationSchema.default(DEFAULT_PICTURE_MODERATION),
  /** Review before publishing (先审后发): who waits for an operator before the plaza shows their post. */
  reviewPolicy: reviewPolicySchema.default(DEFAULT_REVIEW_POLICY),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const APP_CONFIG_KEYS = Object.keys(appConfigSchema.shape) as (keyof AppConfig)[];
/** Keys an operator may edit (apiCaches is computed). */
export const EDITABLE_APP_CONFIG_KEYS = APP_CONFIG_KEYS.filter((k) => k !== 'apiCaches');

/** Builds the typed app config from the `app_config` dictionary items. */
export const appConfigFromItems = (items: Pick<DictItem, 'value' | 'data'>[]): AppConfig =>
  appConfigSchema.parse(Object.fromEntries(items.map((item) => [item.value, item.data])));

/**
 * Engines a voice can name: espeak-ng runs offline on every machine; the others are the provider of
 * `AI_TTS_PROVIDER` (OpenAI-compatible speech API, Azure Speech, Aliyun CosyVoice, Volcengine), usable once
 * configured.
 */
export const TTS_ENGINES = ['espeak-ng', 'openai', 'azure', 'cosyvoice', 'volcengine'] as const;
export const ttsEngineSchema = z.enum(TTS_ENGINES);
export type TtsEngineName = z.infer<typeof ttsEngineSchema>;

export const ttsVoiceSchema = z.object({
  engine: ttsEngineSchema,
  /** espeak-ng voice and variant (`cmn+f3`, `yue+m1`, `en-us+f2`…) or the provider's voice name. */
  voice: z.string().min(1).max(64),
  lang: z.string().min(2).max(16),
  gender: z.enum(['female', 'male', 'child']),
  /** Words per minute (espeak-ng -s) at speed 100 %. */
  speed: z.number().int().min(80).max(450),
  /** espeak-ng pitch 0–99 (50 normal; a child voice sits higher). */
  pitch: z.number().int().min(0).max(99).optional(),
  /** Longest text one request may dub with this voice. */
  maxChars: z.number().int().min(1).max(5000).optional(),
  /** Only members (VIP) may use it; marked as such on the voice card. */
  vipOnly: z.boolean(),
  description: text,
});
export type TtsVoice = z.infer<typeof ttsVoiceSchema>;

/**
 * Stored translations of an item's user-facing texts, in any dictionary's `data.i18n`:
 * `{ en: { label, description, rules: [...] }, … }`. The list endpoint answers in the caller's language
 * (Accept-Language): each text (or list of texts) from its translation, else the zh-Hans original.
 */
export const dictTranslationsSchema = z
  .partialRecord(
    z.enum(LOCALES.filter((l) => l !== 'zh-Hans') as ['zh-Hant', 'en', 'es', 'fr']),
    z.record(z.string(), z.union([z.string().max(500), z.array(z.string().max(500)).max(50)])),
  )
  .optional();

export const dictDataSchemas: Record<DictName, z.ZodType> = {
  package_type: z.object({ description: text, icon: url.nullable() }),
  ai_video_category_nav: z.object({ icon: url.nullable() }),
  ai_video_category: z.object({ nav: z.string().max(64), cover: url, description: text }),
  tts_config_nam: ttsVoiceSchema,
  video_template: z.object({
    cover: url,
    width: z.number().int().min(1).max(4096),
    height: z.number().int().min(1).max(4096),
    fontSize: z.number().int().min(8).max(200),
    fontColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    /** 1..9: the nine anchor positions on the canvas (1 top-left … 9 bottom-right). */
    subtitlePosition: z.number().int().min(1).max(9),
    bgm: z.string().max(64).nullable(),
    transition: z.enum(['none', 'fade', 'slide', 'zoom']),
    description: text,
    /** 1..9 like subtitlePosition: where the title sits (default 2, top centre). */
    titlePosition: z.number().int().min(1).max(9).optional(),
    /** Font family of the burned-in text (default WenQuanYi Micro Hei, a CJK font). */
    font: z.string().max(64).optional(),
    /** Colour behind pictures and of the clips (default #000000). */
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
    /** app_video_insert clips (their `value`s) offered when the user picks an intro or outro (none play unless picked). */
    inserts: z.array(z.string().max(64)).max(4).optional(),
    /**
     * The template's safe area in percent of the canvas: margins kept free of text above, below and at each side
     * (where platforms put their own buttons). Default 8/8/6 for a vertical canvas, 6/6/6 otherwise.
     */
    safeArea: z
      .object({
        top: z.number().min(0).max(30),
        bottom: z.number().min(0).max(30),
        side: z.number().min(0).max(30),
      })
      .optional(),
  }),
  app_bgm: z
    .object({
      mood: z.string().max(32),
      duration: z.number().int().min(1).max(3600),
      /** A stored audio file of ours (a site path, see isMusicFilePath); else `lavfi` synthesises the music. */
      url: url.nullable(),
      /** A synth from the allow-list with numeric parameters only (music-source.ts); '' with a `url`. */
      lavfi: z.string().max(500),
      /** One of the project's own pieces, played instead of `url`/`lavfi` where fluidsynth is installed. */
      score: z.enum(MUSIC_SCORE_IDS).optional(),
    })
    .refine(isAllowedMusic, {
      message: 'music is a stored audio file or a sine, anoisesrc or aevalsrc synth with numbers only',
      path: ['lavfi'],
    }),
  app_coupon: z.object({
    /** CouponType: 1 cash, 2 discount, 4 package, 8 threshold-reduction. */
    type: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(8)]),
    /** Cash off in fen (types 1, 8) or percent paid (type 2, e.g. 80 = 20% off); 0 for package coupons. */
    amount: z.number().int().min(0),
    /** Least order amount in fen (type 8). */
    threshold: z.number().int().min(0),
    validDays: z.number().int().min(1).max(3650),
    description: text,
  }),
  app_tips: z.object({ text }),
  app_activity_rule: z.union([
    z.object({
      kind: z.literal('checkIn'),
      /** Points for day 1, 2, … of a streak; the last entry repeats after the list ends. */
      pointsPerStreakDay: z.array(z.number().int().min(0).max(100000)).min(1).max(31),
      rules: z.array(text),
    }),
    z.object({
      kind: z.literal('luckyWheel'),
      costPoints: z.number().int().min(0),
      dailyLimit: z.number().int().min(1).max(1000),
      rules: z.array(text),
    }),
    z.object({ kind: z.enum(['exchange', 'vote', 'popularize', 'invite']), rules: z.array(text) }),
  ]),
  app_video_insert: z.object({
    position: z.enum(['start', 'end']),
    duration: z.number().min(0.5).max(30),
    text: z.string().max(200),
    background: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  app_vip_nav: z.object({
    /** `nav`: a tab of the member centre; `benefit`: a line of the benefits grid. */
    kind: z.enum(['nav', 'benefit']),
    icon: url.nullable(),
    description: text,
    link: url.nullable(),
  }),
  robot: z.union([
    z.object({
      kind: z.literal('profile'),
      id: z.number().int(),
      nickName: z.string(),
      avatar: url,
      introduction: text,
    }),
    z.object({ kind: z.enum(['welcome', 'question']), text }),
  ]),
  service: z.union([
    z.object({
      kind: z.literal('profile'),
      id: z.number().int(),
      nickName: z.string(),
      avatar: url,
      introduction: text,
    }),
    z.object({ kind: z.enum(['welcome', 'workTime', 'question']), text }),
  ]),
  // app_config items are checked key by key against appConfigSchema.
  app_config: jsonValueSchema,
};

// ---- Operator endpoints ----

export const dictPageBodySchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  name: dictNameSchema.optional(),
  label: z.string().trim().max(100).optional(),
});

export const dictItemInputSchema = z.object({
  name: dictNameSchema,
  label: z.string().trim().min(1).max(200),
  value: z.string().trim().min(1).max(200),
  data: jsonValueSchema.default(null),
  sort: z.number().int().min(-100000).max(100000).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  remark: z.string().max(500).nullable().default(null),
});
export const dictItemUpdateSchema = dictItemInputSchema
  .omit({ name: true })
  .partial()
  .extend({
    id: z.number().int().min(1),
  });
export const dictItemDeleteSchema = z.object({ id: z.number().int().min(1) });

export const dictItemAdminSchema = dictItemSchema.extend({
  name: dictNameSchema,
  updateTime: z.string(),
});

/** The dictionary's version after the change. */
export const dictChangeResultSchema = z.object({
  id: z.number().int(),
  name: dictNameSchema,
  version: z.number().int(),
});

export const dictionaryEndpoints = {
  dictDataList: defineEndpoint({
    method: 'GET',
    path: '/api/sysDictData/dataList/{name}',
    auth: 'public',
    tag: 'dictionary',
    summary: 'One dictionary: its shown items (by sort) and its version; app_config has apiCaches filled in',
    params: z.object({ name: dictNameSchema }),
    result: dictListSchema,
  }),
  dictVersions: defineEndpoint({
    method: 'GET',
    path: '/api/sysDictData/versions',
    auth: 'public',
    tag: 'dictionary',
    summary: 'Current version of every dictionary (the web cache compares these with its local copies)',
    result: dictVersionsSchema,
  }),
  dictDataPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysDictData/page',
    auth: 'admin',
    tag: 'dictionary',
    summary: 'Operators: dictionary items, hidden ones included, paged (filters: name, label contains)',
    body: dictPageBodySchema,
    result: pagedSchema(dictItemAdminSchema),
  }),
  dictDataAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysDictData/add',
    auth: 'admin',
    tag: 'dictionary',
    summary: 'Operators: add an item (data checked against the dictionary shape); raises the version',
    body: dictItemInputSchema,
    result: dictChangeResultSchema,
  }),
  dictDataUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysDictData/update',
    auth: 'admin',
    tag: 'dictionary',
    summary: 'Operators: change an item; raises the version',
    body: dictItemUpdateSchema,
    result: dictChangeResultSchema,
  }),
  dictDataDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysDictData/delete',
    auth: 'admin',
    tag: 'dictionary',
    summary: 'Operators: delete an item (app_config keys cannot be deleted); raises the version',
    body: dictItemDeleteSchema,
    result: dictChangeResultSchema,
  }),
};
