import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { isAppRoutePath } from '@app/contract';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { buildPlatform, type PlatformOptions } from './build-platform.js';
import { MODULES } from './modules.js';
import { registerAuth } from './platform/auth/auth.plugin.js';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
} from './platform/http/errors.plugin.js';
import { registerJsonBodyParser } from './platform/http/json-body.js';
import { RequestLogController } from './platform/http/request-logging.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { failure } from './platform/http/envelope.js';
import { buildOpenApi, docsPage } from './platform/http/openapi.js';
import { localeFromHeader, translate } from './platform/i18n/i18n.js';
import './platform/i18n/base-messages.js';
import type { Platform } from './platform/platform.js';
import {
  closeModules,
  createModules,
  registerModuleJobs,
  registerModuleRoutes,
  startModules,
} from './platform/module.js';
import { seedDatabase } from './seed.js';
import { registerHubRoutes } from './platform/hub/hub.routes.js';
import { registerJobLifecycle } from './platform/jobs/jobs.js';
import { createReadiness } from './platform/readiness.js';
import { registerMetrics } from './platform/metrics/metrics.routes.js';

/** CSP hashes of the inline scripts of the built index.html. */
const inlineScriptHashes = (indexFile: string): string[] =>
  [...readFileSync(indexFile, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const defaultWebDist = path.resolve(serverRoot, '../web/dist');
const defaultAdminDist = path.resolve(serverRoot, '../admin/dist');

/** Paths that name files or APIs: a miss there is a 404, never the web app's shell. */
const NON_PAGE_PREFIXES = ['/api/', '/hubs/', '/uploads/', '/files/', '/static/', '/assets/'];

/**
 * The web app's shell answers only what a browser opens as a page (hash routes, so `/` or a bookmarked
 * path): a GET asking for HTML, for a path without a file extension outside the file and API prefixes.
 */
const isPageNavigation = (req: FastifyRequest): boolean => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = req.url.split('?')[0] ?? '/';
  if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  if (/\.[A-Za-z0-9]+$/.test(pathname) && !pathname.endsWith('.html')) return false;
  return req.headers['sec-fetch-mode'] === 'navigate' || (req.headers.accept ?? '').includes('text/html');
};

/**
 * A plain link to a page of the web app (`/pages/plaza/index?x=1`, shared without "#") as the hash route
 * that opens it (`/#/pages/plaza/index?x=1`); undefined for every other request. Only GET and HEAD: the
 * route prefixes (shared with the web app through the contract) never name an API or a file.
 */
const hashRouteFor = (req: FastifyRequest): string | undefined => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const queryAt = req.url.indexOf('?');
  const pathname = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (!isAppRoutePath(pathname)) return undefined;
  return `/#${pathname}${queryAt === -1 ? '' : req.url.slice(queryAt)}`;
};

export type BuildOptions = PlatformOptions;

/**
 * Builds the whole app without listening (tests use `app.inject`): the platform, Fastify and its plugins on it,
 * then every module of `MODULES` (services, jobs, routes), the hub and the static files.
 */
export const buildApp = async (
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance & { platform: Platform }> => {
  const { platform, close: closePlatform } = await buildPlatform(config, options);
  try {
    return await buildAppOn(platform, closePlatform);
  } catch (error) {
    await closePlatform();
    throw error;
  }
};

const buildAppOn = async (
  platform: Platform,
  closePlatform: () => Promise<void>,
): Promise<FastifyInstance & { platform: Platform }> => {
  const { config, clock, dataDir, database, tokens, sessions } = platform;
  const app = Fastify({
    // The platform's logger (made as Fastify made it before); none at all when silent, as before.
    ...(config.LOG_LEVEL === 'silent' ? {} : { loggerInstance: platform.log }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Only trust X-Forwarded-For from the proxies the operator names (per-IP limits depend on it).
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) =>
      (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Errors, slow requests and non-2xx at info; every request only at debug.
    logController: new RequestLogController(config.SLOW_REQUEST_MS),
  });

  // Last to run of the onClose hooks (Fastify runs them last-added first): the platform goes after the modules.
  app.addHook('onClose', closePlatform);
  app.decorate('platform', platform);

  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const adminDist = config.ADMIN_DIST_DIR ? path.resolve(config.ADMIN_DIST_DIR) : defaultAdminDist;
  const hasAdmin = existsSync(path.join(adminDist, 'index.html'));
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The shell's small inline script (root font size before first paint) is allowed by its hash only.
        scriptSrc: ["'self'", ...(hasWeb ? inlineScriptHashes(path.join(webDist, 'index.html')) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, {
    origin: origins.length ? origins : false,
    exposedHeaders: ['access-token', 'x-access-token'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'X-Authorization',
      'TenantId',
      'PayConfigId',
      'Accept-Language',
      // Device and app info the web client sends with every call.
      'X-Device-Os',
      'X-Device-Platform',
      'X-Device-Id',
      'X-App-Variant',
      'X-App-Version',
      'X-App-Version-Code',
    ],
  });
  // JSON answers over 1 KB go out compressed (brotli or gzip, as the client accepts); the built web assets
  // are compressed at build time and sent as they are (`preCompressed` below).
  // Answers up to 64 KB are compressed in one synchronous call: on a small machine shared with the database
  // there is no spare core for the streaming path to overlap with, and a zlib stream per answer costs more
  // than the compression itself (the plugin's default on 2 cores streams every answer over 8 KB).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // Per-route limits count in Redis when it is configured, so a client gets the same allowance from the
  // whole cluster, not from each API process; while Redis is away the limits are skipped, not the requests.
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 }).on(
        'error',
        () => undefined,
      )
    : null;
  if (rateLimitRedis) app.addHook('onClose', async () => rateLimitRedis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis
      ? { redis: rateLimitRedis, nameSpace: `${config.REDIS_PREFIX}rate-limit:`, skipOnError: true }
      : {}),
  });
  // Uploads: each handler passes its own limits (spec §9) to req.file()/req.files(); this is the ceiling.
  await app.register(multipart, { limits: { fileSize: 2 * 1024 ** 3, files: 10, fields: 20 } });
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerAuth(app, { tokens, sessions, clock });
  registerMetrics(app, platform);

  // Liveness: the process answers. Readiness: the services it needs answer too (a load balancer's check).
  app.get('/healthz', async () => ({ status: 'ok' }));
  const readiness = createReadiness({
    pingDatabase: () => database.ping(),
    checkStorage: () => platform.storage.backend.check(),
    redisUrl: config.REDIS_URL,
  });
  app.addHook('onClose', readiness.close);
  app.get('/readyz', async (_req, reply) => {
    const { ready, checks } = await readiness.check();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  const openApi = buildOpenApi();
  app.get('/api/openapi.json', async () => openApi);
  app.get('/api/docs', async (_req, reply) =>
    reply
      .header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'",
      )
      .type('text/html; charset=utf-8')
      .send(docsPage),
  );

  // Feature modules, from their definitions in MODULES' order: each builds its services once (the console
  // drives the services other modules built: one moderation service for the plaza's and the console's
  // take-downs), registers its jobs on the platform's runner (run here when JOBS_IN_API) and its routes.
  const modules = createModules(MODULES, platform);
  registerModuleJobs(modules, platform.jobs, platform);
  await registerModuleRoutes(modules, app, platform);
  app.addHook('onReady', () => startModules(modules, platform));
  app.addHook('onClose', () => closeModules(modules));
  await registerHubRoutes(app, platform);
  registerJobLifecycle(app, platform);

  // Static JSON of spec §7 and images, then the built web app at `/`.
  await app.register(fastifyStatic, {
    root: path.join(serverRoot, 'static'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1h',
  });
  // User uploads (avatars …) from DATA_DIR/uploads; private files live outside it.
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
  });
  // Hashed assets never change; the shell must always be revalidated.
  const builtAppHeaders = (res: { header: (name: string, value: string) => unknown }, filePath: string) => {
    res.header(
      'cache-control',
      filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // The build wrote `.br` and `.gz` copies (apps/web/build/precompress-plugin.ts): sent as the client accepts.
      preCompressed: true,
      setHeaders: builtAppHeaders,
    });
  }
  // The operator console (apps/admin, hash routes), built and compressed the same way, at /admin/.
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: builtAppHeaders,
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (req, reply) => {
      const hashRoute = hashRouteFor(req);
      if (hashRoute !== undefined) return reply.redirect(hashRoute, 302);
      if (!hasWeb || !isPageNavigation(req)) {
        const locale = localeFromHeader(req.headers['accept-language']);
        return reply.status(404).send(failure(404, 'route_not_found', translate(locale, 'route_not_found')));
      }
      return reply.sendFile('index.html', webDist);
    },
  );

  await seedDatabase(database.db, {
    adminPassword: config.ADMIN_PASSWORD,
    demo: config.SEED_DEMO,
    now: clock.now(),
  });
  return app as FastifyInstance & { platform: Platform };
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
