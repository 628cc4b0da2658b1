import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request slower than this is logged at `info` (as are errors and non-2xx answers; every request at `debug`). */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600000).default(500),
  /** Secret for signing access tokens (HS256). When absent one is generated and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(7200),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(3600).max(7776000).default(2592000),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('admin123456'),
  /** Comma-separated list of allowed origins for CORS; empty = same origin only. */
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /** Where the built web app lives; served at `/`. */
  WEB_DIST_DIR: z.string().optional(),
  /** Where the built operator console lives; served at `/admin/`. */
  ADMIN_DIST_DIR: z.string().optional(),
  SEED_DEMO: bool.default(true),
  /** Usage statistics collected (clients ask /api/sysStat/status once a day and send nothing when off). */
  STATS_ENABLED: bool.default(true),
  /** Keep the embedded database in memory (tests). */
  PGLITE_IN_MEMORY: bool.default(false),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** `false` (default), `true` (trust every proxy), or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  // Files: local disk under DATA_DIR by default; an S3-compatible store when S3_BUCKET is set.
  S3_BUCKET: z.string().min(3).optional(),
  /** Endpoint of a non-AWS store (MinIO, R2, COS, OSS…), e.g. `https://cos.ap-shanghai.myqcloud.com`. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (`endpoint/bucket/key`), needed by MinIO and most self-hosted stores. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Public base URL of the bucket or its CDN; without it public files are streamed through `/files/public/`. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Most megabytes of resized images (imageResize) kept in the file store; least recently used go first. */
  RESIZE_CACHE_MAX_MB: z.coerce.number().positive().max(1_000_000).default(256),
  /** HMAC secret of signed links to private files; generated into DATA_DIR when absent (set it for several API hosts). */
  FILE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Serves Prometheus metrics at `/metrics` to `Authorization: Bearer <token>`; unset: no `/metrics` at all. */
  /** Signs the hidden AI labels of generated files; when absent derived from JWT_SECRET or kept in DATA_DIR. */
  AIGC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** ContentProducer of the hidden AI labels: the service's name or its registration code (GB 45438-2025). */
  AIGC_PRODUCER: z.string().min(1).max(64).default('AI创作家'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Realtime hub and jobs.
  /** `redis://…`: jobs run on BullMQ and the hub fans pushes out through Redis pub/sub (several processes). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('aichuang:'),
  /** The hub pings every connection this often and re-checks its session. */
  HUB_KEEP_ALIVE_MS: z.coerce.number().int().min(20).max(600000).default(15000),
  /** The hub closes a connection it has not heard from for this long. */
  HUB_CLIENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(600000).default(30000),
  /** Run job handlers in the API process too (turn off when dedicated `npm run worker` processes run). */
  JOBS_IN_API: bool.default(true),
  /** Jobs one process runs at the same time. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A running job's lease: a job whose worker stopped renewing it for this long runs again. */
  JOB_LEASE_MS: z.coerce.number().int().min(100).max(3600000).default(30000),
  /** How often the in-process runner looks for due jobs (it is also woken on enqueue). */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60000).default(1000),
  // Accounts. SMS codes: `console` writes them to DATA_DIR/outbox/sms.jsonl (development only).
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  /** The signature shown in 【】 at the start of the message; must be approved by the provider. */
  SMS_SIGN_NAME: z.string().default('AI创作家'),
  SMS_DAILY_LIMIT_PER_PHONE: z.coerce.number().int().min(1).max(1000).default(10),
  SMS_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100000).default(50),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().optional(),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url().optional(),
  /**
   * Cloud picture moderation, used before the offline classifier when configured (Aliyun first, then Tencent; the
   * offline classifier when both fail). Aliyun 内容安全 reads pictures from a signed link of ours: it needs
   * PUBLIC_BASE_URL.
   */
  ALIYUN_GREEN_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_GREEN_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_GREEN_ENDPOINT: z.string().url().optional(),
  ALIYUN_GREEN_REGION: z.string().min(1).default('cn-shanghai'),
  ALIYUN_GREEN_SERVICE: z.string().min(1).default('baselineCheck'),
  TENCENT_IMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_IMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_IMS_ENDPOINT: z.string().url().optional(),
  TENCENT_IMS_REGION: z.string().min(1).default('ap-guangzhou'),
  TENCENT_IMS_BIZ_TYPE: z.string().min(3).max(32).optional(),
  /** WeChat mini program (login, phone number, URL scheme); WeChat login is off until both are set. */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** WeChat open-platform mobile app (mobileAppLogin); falls back to WECHAT_APP_ID/SECRET. */
  WECHAT_MOBILE_APP_ID: z.string().optional(),
  WECHAT_MOBILE_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /** WeChat official account (公众号) for the JS-SDK config; falls back to WECHAT_APP_ID/SECRET. */
  WECHAT_OA_APP_ID: z.string().optional(),
  WECHAT_OA_APP_SECRET: z.string().optional(),
  /** AES-256-GCM key for ID numbers at rest: 32 bytes as base64 or 64 hex digits; generated when absent. */
  ID_CARD_KEY: z.string().optional(),
  // AI copywriting. Without AI_TEXT_BASE_URL the built-in offline engine answers.
  /** OpenAI-compatible API root, e.g. `https://api.deepseek.com/v1`, `http://127.0.0.1:11434/v1` (Ollama). */
  AI_TEXT_BASE_URL: z.string().url().optional(),
  AI_TEXT_API_KEY: z.string().optional(),
  /** Default chat model, e.g. `gpt-4o-mini`, `deepseek-chat`, `qwen-plus`. */
  AI_TEXT_MODEL: z.string().min(1).optional(),
  /**
   * Named provider profiles as JSON: `{"deepseek":{"baseURL":"…","apiKey":"…","model":"deepseek-chat"}}`.
   * A template's `profile` picks one; a profile named after a robot id (`"999"`) is that robot's default.
   */
  AI_TEXT_PROFILES: z.string().optional(),
  /** Time allowed until the provider answers (first byte), per attempt. */
  AI_TEXT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(30000),
  /** Longest silence between two chunks of a streaming answer. */
  AI_TEXT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  /** Retries before the first token only (connection errors, timeouts, 429 rate limits, 5xx). */
  AI_TEXT_MAX_RETRIES: z.coerce.number().int().min(0).max(2).default(2),
  /** Offline engine: pause between two streamed chunks. */
  AI_TEXT_OFFLINE_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(25),
  /** SSE heartbeat comment interval. */
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(10).max(120000).default(15000),
  // AI dubbing and subtitles. Without a provider the offline engines work: espeak-ng speaks, and audio with
  // its script is aligned; a provider adds its voices (tts_config_nam items naming its engine) and transcription.
  /** Text-to-speech provider: `openai` (any OpenAI-compatible speech API), `azure`, `cosyvoice`, `volcengine`. */
  AI_TTS_PROVIDER: z.enum(['openai', 'azure', 'cosyvoice', 'volcengine']).optional(),
  /** Provider address (openai: API root such as `https://api.openai.com/v1`; others: their default when unset). */
  AI_TTS_BASE_URL: z.string().url().optional(),
  /** API key (azure: subscription key; cosyvoice: DashScope key; volcengine: access token). */
  AI_TTS_API_KEY: z.string().optional(),
  /** Model (openai: `tts-1`; cosyvoice: `cosyvoice-v1`). */
  AI_TTS_MODEL: z.string().min(1).optional(),
  /** Azure Speech region, e.g. `eastasia`. */
  AI_TTS_REGION: z.string().min(1).optional(),
  /** Volcengine app id and cluster. */
  AI_TTS_APP_ID: z.string().optional(),
  AI_TTS_CLUSTER: z.string().min(1).default('volcano_tts'),
  /** Time allowed for one provider request. */
  AI_TTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  /**
   * Speech-to-text provider: `openai` (any OpenAI-compatible transcription API, Whisper servers), `funasr`,
   * `paraformer`, `sherpa-onnx` (a local model in AI_ASR_MODEL_DIR; chosen by default when only that is set).
   */
  AI_ASR_PROVIDER: z.enum(['openai', 'funasr', 'paraformer', 'sherpa-onnx']).optional(),
  /** A sherpa-onnx model directory the operator provides (never downloaded): `tokens.txt` and the `.onnx` files. */
  AI_ASR_MODEL_DIR: z.string().min(1).optional(),
  /** The kind of model in AI_ASR_MODEL_DIR when its files do not say (a single `model.onnx`). */
  AI_ASR_MODEL_TYPE: z
    .enum(['transducer', 'paraformer', 'sense-voice', 'whisper', 'zipformer-ctc', 'nemo-ctc', 'tdnn'])
    .optional(),
  /** Provider address (openai: API root; funasr: `ws://host:10095`; paraformer: DashScope by default). */
  AI_ASR_BASE_URL: z.string().url().optional(),
  AI_ASR_API_KEY: z.string().optional(),
  /** Model (openai: `whisper-1`; paraformer: `paraformer-v2`). */
  AI_ASR_MODEL: z.string().min(1).optional(),
  AI_ASR_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(120000),
  // AI drawing. Without AI_IMAGE_PROVIDER the built-in offline engine draws (labelled offline).
  /** Image provider: `openai` (OpenAI-compatible images API), `sdwebui`, `comfyui`, `midjourney` (midjourney-proxy), `dashscope` (wanx). */
  AI_IMAGE_PROVIDER: z
    .enum(['offline', 'openai', 'sdwebui', 'comfyui', 'midjourney', 'dashscope'])
    .default('offline'),
  /** Provider address (openai: API root such as `https://api.openai.com/v1`; sdwebui/comfyui/midjourney: server root; dashscope: `https://dashscope.aliyuncs.com` by default). */
  AI_IMAGE_BASE_URL: z.string().url().optional(),
  /** API key (openai/dashscope: bearer key; midjourney: `mj-api-secret`; sdwebui: `user:password` of --api-auth). */
  AI_IMAGE_API_KEY: z.string().optional(),
  /** Model (openai: `dall-e-3`, `gpt-image-1`; dashscope: `wanx2.1-t2i-turbo`; sdwebui/comfyui: checkpoint name). */
  AI_IMAGE_MODEL: z.string().min(1).optional(),
  /** Time limit of one drawing task on the provider (the offline engine has 60 s); a task past it fails and costs nothing. */
  AI_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3600000).default(300000),
  /** How often an asynchronous provider's task is polled. */
  AI_IMAGE_POLL_MS: z.coerce.number().int().min(10).max(60000).default(2000),
  /** ComfyUI: path of a workflow in API format with `{{prompt}}`-style placeholders (a built-in SD txt2img workflow otherwise). */
  AI_IMAGE_COMFYUI_WORKFLOW: z.string().optional(),
  // Membership and commerce. A pay method answers `pay_method_unavailable` until its merchant is set.
  /** A pending order expires (its coupon is released, it can no longer be paid) after this many minutes. */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Gold the referrer gets, once per referee, at the referee's first paid order. */
  REFERRAL_REWARD_GOLD: z.coerce.number().int().min(0).max(1000000).default(6000),
  /** Shown with offline (pay method 1) orders: where to transfer; an operator then confirms. */
  OFFLINE_PAY_INSTRUCTIONS: z.string().default('请联系客服完成转账，备注订单号，客服确认后自动到账'),
  /** WeChat Pay API v3 merchant (pay methods 100–104): all of MCH_ID, SERIAL_NO, PRIVATE_KEY, API_V3_KEY, PUBLIC_KEY_ID, PUBLIC_KEY. */
  WECHAT_PAY_MCH_ID: z.string().optional(),
  /** The appid orders are made for; falls back to WECHAT_APP_ID. */
  WECHAT_PAY_APP_ID: z.string().optional(),
  /** Serial number of the merchant API certificate. */
  WECHAT_PAY_SERIAL_NO: z.string().optional(),
  /** Merchant API private key (apiclient_key.pem content; `\n` escapes allowed). */
  WECHAT_PAY_PRIVATE_KEY: z.string().optional(),
  /** The 32-byte APIv3 key. */
  WECHAT_PAY_API_V3_KEY: z.string().length(32, 'must be 32 characters').optional(),
  /** WeChat Pay public key id (PUB_KEY_ID_…) or platform certificate serial, and that key (PEM). */
  WECHAT_PAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHAT_PAY_PUBLIC_KEY: z.string().optional(),
  /** Default `${PUBLIC_BASE_URL}/api/sysPay/notify/wechat`. */
  WECHAT_PAY_NOTIFY_URL: z.string().url().optional(),
  WECHAT_PAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  /** Alipay open platform app (pay methods 203, 204): APP_ID, PRIVATE_KEY and ALIPAY_PUBLIC_KEY. */
  ALIPAY_APP_ID: z.string().optional(),
  /** Application private key (PEM or the bare base64 of the Alipay key tool). */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay's public key from the console (PEM or bare base64). */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** Default `${PUBLIC_BASE_URL}/api/sysPay/notify/alipay`. */
  ALIPAY_NOTIFY_URL: z.string().url().optional(),
  /** Where the H5 cashier returns to (an order may pass its own returnUrl). */
  ALIPAY_RETURN_URL: z.string().url().optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data;
};

/** A config for tests: in-memory PGlite unless DATABASE_URL is set, quiet logs; callers pass DATA_DIR. */
export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PGLITE_IN_MEMORY: 'true',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...Object.fromEntries(
      Object.entries(overrides).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
    ),
  });
