import { z } from 'zod';
import { defineEndpoint } from './registry.js';

/**
 * Usage statistics (spec §9 Statistics; our own, no third-party tracker).
 *
 * Web contract: keep a `deviceId` (random, in local storage, never reset) and a `sessionId` that is renewed
 * after STAT_SESSION_TIMEOUT_SECONDS.web (1800 s) without activity in a browser, .app (300 s) in an app
 * shell. Queue page views (`type: 'page'`, `name` = route path without query, e.g. `/pages/index/index`) and
 * named events (`type: 'event'`, `name` ≤ 255 characters, optional short `value`) with the time they
 * happened (ms since epoch). Send the queue every STAT_REPORT_INTERVAL_MS (180 s) and when the page becomes
 * hidden (`visibilitychange`, with `fetch(..., { keepalive: true })`), at most STAT_BATCH_MAX items per
 * request (split larger queues); on a network failure keep the items for the next round. The server drops
 * items dated more than 7 days back or 5 minutes ahead of its clock and counts the rest in `accepted`.
 * Rate limit: 30 reports per minute per IP.
 */
export const STAT_REPORT_INTERVAL_MS = 180_000;
export const STAT_SESSION_TIMEOUT_SECONDS = { web: 1800, app: 300 } as const;
export const STAT_BATCH_MAX = 100;
export const STAT_VERSION = 2;
export const STAT_NAME_MAX = 255;
/** Spec §9: clients ask whether statistics are collected once every 24 h. */
export const STAT_STATUS_CHECK_MS = 24 * 3600 * 1000;

export const statItemSchema = z.object({
  type: z.enum(['page', 'event']),
  name: z.string().trim().min(1).max(STAT_NAME_MAX),
  value: z.string().max(255).optional(),
  /** When it happened, ms since epoch. */
  time: z.number().int().min(0),
});

export const statReportBodySchema = z.object({
  version: z.literal(STAT_VERSION).default(STAT_VERSION),
  deviceId: z.string().regex(/^[\w-]{8,64}$/),
  sessionId: z.string().regex(/^[\w-]{8,64}$/),
  /** h5 browser, app shell, or WeChat mini program. */
  platform: z.enum(['h5', 'app', 'mp']),
  items: z.array(statItemSchema).min(1).max(STAT_BATCH_MAX),
});
export type StatReport = z.input<typeof statReportBodySchema>;

/** A Shanghai calendar date range, both ends included, at most 366 days. */
export const statRangeQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
  })
  .refine((q) => q.from <= q.to, { message: 'field_invalid', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * 86400_000, {
    message: 'field_invalid',
    path: ['from'],
  });

export const dailyActiveSchema = z.object({
  day: z.string(),
  /** Distinct devices (logged in or not). */
  activeUsers: z.number().int(),
  /** Distinct logged-in accounts. */
  loggedInUsers: z.number().int(),
  sessions: z.number().int(),
  pageViews: z.number().int(),
});
export const routeViewsSchema = z.object({
  route: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
});
export const eventCountSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  visitors: z.number().int(),
});

export const statsEndpoints = {
  statStatus: defineEndpoint({
    method: 'GET',
    path: '/api/sysStat/status',
    auth: 'public',
    tag: 'other',
    summary: 'Whether usage statistics are collected (clients check once every 24 h and send nothing when off)',
    result: z.object({ enabled: z.boolean() }),
  }),
  statReport: defineEndpoint({
    method: 'POST',
    path: '/api/sysStat/report',
    auth: 'public',
    tag: 'other',
    summary: 'A batch of page views and named events (the user is taken from the token when present)',
    body: statReportBodySchema,
    result: z.object({ accepted: z.number().int(), dropped: z.number().int() }),
  }),
  statDailyActive: defineEndpoint({
    method: 'GET',
    path: '/api/sysStat/dailyActive',
    auth: 'admin',
    tag: 'other',
    summary: 'Operators: daily active users, sessions and page views for every day of the range',
    query: statRangeQuerySchema,
    result: z.array(dailyActiveSchema),
  }),
  statPageViews: defineEndpoint({
    method: 'GET',
    path: '/api/sysStat/pageViews',
    auth: 'admin',
    tag: 'other',
    summary: 'Operators: page views per route in the range, most viewed first',
    query: statRangeQuerySchema,
    result: z.array(routeViewsSchema),
  }),
  statEvents: defineEndpoint({
    method: 'GET',
    path: '/api/sysStat/events',
    auth: 'admin',
    tag: 'other',
    summary: 'Operators: event counts per name in the range, most frequent first',
    query: statRangeQuerySchema,
    result: z.array(eventCountSchema),
  }),
};
