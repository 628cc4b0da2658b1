import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db/client.js';
import type { SessionService } from './auth/session.service.js';
import type { TokenService } from './auth/tokens.js';
import type { MemoryCache } from './cache/memory-cache.js';
import type { CensorService } from './censor/censor-service.js';
import type { FileStorage } from './storage/file-storage.js';
import type { Providers } from './providers.js';
import type { Secrets } from './secrets.js';
import type { AigcSigner } from './aigc/aigc-label.js';
import type { HubCore } from './hub/hub.js';
import type { NoticeInTx, Notify } from './notify.js';
import type { PlatformJobs } from './jobs/recurring.js';
import type { Metrics } from './metrics/metrics.js';

/** Shared services handed to every module's routes; modules take only what they use. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  /** In-process caches forgotten when their tables change (any process, plain SQL): `cache.area({ tables })`. */
  cache: MemoryCache;
  log: FastifyBaseLogger;
  dataDir: string;
  /** Text censor: `censorText(text, tenantId?) → { ok, words }` against the operator-edited list. */
  censor: CensorService;
  /** Files: `save({...}) → { id, key, url }`, `urlFor(key, visibility)`, `signedUrl(key)` (600 s), `read(key, visibility)`. */
  storage: FileStorage;
  /** Realtime hub: `sendToUser(uid, event, payload)`, `forceOffline(uid, reason)`, `onlineCount()`. */
  hub: HubCore;
  /** Message centre: `notify(tenantId, uid, { type, title, content, link?, data? })` stores and pushes live. */
  notify: Notify;
  /** A notice stored with the caller's transaction; its push runs after the commit. */
  noticeInTx: NoticeInTx;
  /**
   * Background jobs: `register(type, handler)`, `enqueue(type, payload, options)`, `cancel(id)`, `get(id)`,
   * and `every(name, intervalMs, handler)` for recurring work that runs once per cluster.
   */
  jobs: PlatformJobs;
  /** SMS, WeChat, pay and text-generation providers, built once from the configuration. */
  providers: Providers;
  /**
   * Prometheus figures (`/metrics` when METRICS_TOKEN is set): `observeProvider(capability, provider, call)`,
   * `instrumentEngine(...)` from metrics.ts for an engine's calls; no-ops when off.
   */
  metrics: Metrics;
  /** Signing and encryption keys, read once from the configuration or DATA_DIR/secrets.json. */
  secrets: Secrets;
  /** Signs and checks the hidden AI labels (AIGC) written into every generated file. */
  aigc: AigcSigner;
}
