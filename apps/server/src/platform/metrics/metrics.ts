import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds buckets for request, provider and pool waits: 1 ms to 2 min. */
const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** A figure read when Prometheus scrapes (queue depth, pool size): it sets its gauges, or fails the scrape's part. */
type ScrapeCollector = () => Promise<void> | void;

/**
 * What operators see at `/metrics` (Prometheus text format). Off unless METRICS_TOKEN is set: then every
 * hook below is a no-op, so the request path pays nothing.
 */
export interface Metrics {
  readonly enabled: boolean;
  readonly registry: Registry;
  /** One answered HTTP request: its route pattern (not its path, so ids do not explode the label set). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Time a query waited for a pooled database connection. */
  poolWait(seconds: number): void;
  /** A cache lookup in an area: hit (remembered) or miss (loaded). */
  cacheLookup(area: string, hit: boolean): void;
  /** Times a provider call (drawing, speech, transcription, text), counting its failures. */
  observeProvider<T>(capability: string, provider: string, call: () => Promise<T>): Promise<T>;
  /** A job that ended, by type and final state. */
  jobFinished(type: string, state: string): void;
  /** A gauge set at scrape time. */
  gauge(name: string, help: string, labelNames: readonly string[]): Gauge;
  /** Runs at every scrape, before the text is written. */
  onScrape(collector: ScrapeCollector): void;
  /** The text Prometheus reads. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export const createMetrics = (options: { enabled: boolean }): Metrics => {
  // Each app owns its registry (tests build many apps in one process; prom-client's global one would clash).
  const registry = new Registry();
  const collectors: ScrapeCollector[] = [];
  const enabled = options.enabled;
  if (enabled) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const poolWaitSeconds = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a query waited for a database connection from the pool',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'In-process cache lookups by area and result (hit or miss); hit rate = hit / (hit + miss)',
    labelNames: ['area', 'result'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'ai_provider_duration_seconds',
    help: 'AI provider call latency by capability and provider',
    labelNames: ['capability', 'provider'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'ai_provider_errors_total',
    help: 'AI provider calls that failed, by capability and provider',
    labelNames: ['capability', 'provider'] as const,
    registers: [registry],
  });
  const jobsFinished = new Counter({
    name: 'jobs_finished_total',
    help: 'Jobs that ended, by type and final state (succeeded, failed, canceled)',
    labelNames: ['type', 'state'] as const,
    registers: [registry],
  });
  const gauges = new Map<string, Gauge>();

  return {
    enabled,
    registry,
    contentType: registry.contentType,
    request(method, route, status, seconds) {
      if (enabled) httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    poolWait(seconds) {
      if (enabled) poolWaitSeconds.observe(seconds);
    },
    cacheLookup(area, hit) {
      if (enabled) cacheLookups.inc({ area, result: hit ? 'hit' : 'miss' });
    },
    async observeProvider(capability, provider, call) {
      if (!enabled) return call();
      const end = providerDuration.startTimer({ capability, provider });
      try {
        return await call();
      } catch (error) {
        providerErrors.inc({ capability, provider });
        throw error;
      } finally {
        end();
      }
    },
    jobFinished(type, state) {
      if (enabled) jobsFinished.inc({ type, state });
    },
    gauge(name, help, labelNames) {
      let gauge = gauges.get(name);
      if (!gauge) {
        gauge = new Gauge({ name, help, labelNames: [...labelNames], registers: [registry] });
        gauges.set(name, gauge);
      }
      return gauge;
    },
    onScrape(collector) {
      if (enabled) collectors.push(collector);
    },
    async scrape() {
      // A figure that cannot be read (database away) leaves its gauges as last read; the rest still answers.
      await Promise.allSettled(collectors.map(async (collect) => collect()));
      return registry.metrics();
    },
  };
};

/**
 * Wraps an engine's async methods so each call is timed as one provider call (latency, failures), the
 * provider named by the engine itself (`name`).
 */
export const instrumentEngine = <E extends { readonly name: string }>(
  metrics: Metrics,
  capability: string,
  engine: E,
  methods: readonly (keyof E)[],
): E => {
  if (!metrics.enabled) return engine;
  const wrapped = Object.create(engine) as E;
  for (const method of methods) {
    const original = engine[method];
    if (typeof original !== 'function') continue;
    Object.defineProperty(wrapped, method, {
      value: (...args: unknown[]) =>
        metrics.observeProvider(capability, engine.name, () =>
          (original as (...a: unknown[]) => Promise<unknown>).apply(engine, args),
        ),
    });
  }
  return wrapped;
};
