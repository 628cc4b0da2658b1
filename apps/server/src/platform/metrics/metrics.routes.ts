import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, lte, sql } from 'drizzle-orm';
import { unauthorized } from '../errors.js';
import { jobs } from '../jobs/job.table.js';
import type { Platform } from '../platform.js';

const TERMINAL_STATES = new Set(['succeeded', 'failed', 'canceled']);

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/metrics` for Prometheus, only when METRICS_TOKEN is set, and then only with `Authorization: Bearer <token>`
 * (a scrape config's `authorization.credentials`). Request latency is recorded for every route; queue depth,
 * the oldest due job's wait, database pool and hub figures are read at each scrape.
 */
export const registerMetrics = (app: FastifyInstance, platform: Platform) => {
  const { metrics, config } = platform;
  const token = config.METRICS_TOKEN;
  if (!metrics.enabled || !token) return;

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, so `/api/x/42` and `/api/x/43` are one series; unknown paths are one series too.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  platform.jobs.onEvent((event) => {
    if (TERMINAL_STATES.has(event.state)) metrics.jobFinished(event.type, event.state);
  });

  const queueDepth = metrics.gauge('jobs_queued', 'Jobs due and waiting to run, by type', ['type']);
  const queueWait = metrics.gauge(
    'jobs_oldest_wait_seconds',
    'How long the oldest due job of each type has waited to start',
    ['type'],
  );
  metrics.onScrape(async () => {
    // Due queued jobs only: the (state, priority, run_at) index holds them; per-user limits keep them few.
    const now = platform.clock.now();
    const rows = await platform.db
      .select({
        type: jobs.type,
        count: sql<number>`count(*)::int`,
        oldest: sql<string | Date>`min(${jobs.runAt})`,
      })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)))
      .groupBy(jobs.type);
    queueDepth.reset();
    queueWait.reset();
    for (const row of rows) {
      queueDepth.set({ type: row.type }, row.count);
      const oldest = new Date(row.oldest).getTime();
      queueWait.set({ type: row.type }, Math.max(0, (now.getTime() - oldest) / 1000));
    }
  });

  const pool = platform.database.poolStats;
  if (pool) {
    const connections = metrics.gauge('db_pool_connections', 'Database pool connections by state', ['state']);
    metrics.onScrape(() => {
      const stats = pool();
      connections.set({ state: 'total' }, stats.total);
      connections.set({ state: 'idle' }, stats.idle);
      connections.set({ state: 'waiting' }, stats.waiting);
    });
  }

  const online = metrics.gauge('hub_online_users', 'Users connected to the realtime hub (whole cluster)', []);
  metrics.onScrape(async () => {
    online.set(await platform.hub.onlineCount());
  });

  app.get('/metrics', async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, token)) throw unauthorized();
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
