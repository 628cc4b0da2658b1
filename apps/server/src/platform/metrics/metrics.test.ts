import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in Prometheus text, e.g. `jobs_queued{type="x"}`; undefined when absent. */
const series = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe('/metrics', () => {
  let app: TestApp;
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN, JOBS_IN_API: false, AI_TEXT_OFFLINE_DELAY_MS: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
      expect(json(res).extras?.error).toBe('route_not_found');
    } finally {
      await plain.close();
    }
  });

  it('answers only the bearer of the token, with the envelope otherwise', async () => {
    for (const headers of [{}, bearer('wrong-token-0123456789'), { authorization: TOKEN }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(json(res).extras?.error).toBe('unauthorized');
    }
  });

  it('records request latency by route pattern and status', async () => {
    const before = series(
      await scrape(),
      'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
    );
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/no/such/path/42' });
    const text = await scrape();
    expect(
      series(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
    ).toBe((before ?? 0) + 2);
    // Unknown paths are one series, not one per path.
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('/no/such/path/42');
  });

  it('reads the queue depth and the oldest wait per job type at scrape time', async () => {
    await app.platform.jobs.enqueue('metrics_probe', {}, { userId: null });
    await app.platform.jobs.enqueue('metrics_probe', {}, { userId: null });
    await app.platform.jobs.enqueue('metrics_later', {}, { delayMs: 60_000 });
    const text = await scrape();
    expect(series(text, 'jobs_queued{type="metrics_probe"}')).toBe(2);
    // A delayed job is not due: it waits for its time, not for a worker.
    expect(series(text, 'jobs_queued{type="metrics_later"}')).toBeUndefined();
    expect(series(text, 'jobs_oldest_wait_seconds{type="metrics_probe"}')).toBeGreaterThanOrEqual(0);
  });

  it('counts cache hits and misses per area', async () => {
    const area = app.platform.cache.area<number>({ name: 'metrics_probe', tables: ['app_user'] });
    await area.get('k', async () => 1);
    await area.get('k', async () => 1);
    await area.get('k', async () => 1);
    const text = await scrape();
    expect(series(text, 'cache_lookups_total{area="metrics_probe",result="miss"}')).toBe(1);
    expect(series(text, 'cache_lookups_total{area="metrics_probe",result="hit"}')).toBe(2);
  });

  it('times AI provider calls by capability and provider', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/sysMessage/sendToRobotForSSE/999`, {
      method: 'POST',
      headers: { ...bearer(await tokenFor(app, 'demo')), 'content-type': 'application/json' },
      body: JSON.stringify({ content: '写一句关于春天的文案' }),
    });
    expect(res.status).toBe(200);
    await res.text();
    const text = await scrape();
    expect(
      series(text, 'ai_provider_duration_seconds_count{capability="text",provider="offline"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('reports database pool waits and connections', async () => {
    const text = await scrape();
    expect(series(text, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(series(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});
