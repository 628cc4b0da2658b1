import { z } from 'zod';
import { pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';

/**
 * Client error reports (spec §3 "Log report", §1 global error handler). The web app sends one only while
 * app_config `reportLogEnable.h5` is on; the server checks again and answers `false` (nothing stored) when it
 * is off. Limited to 20 reports per minute per client IP (429 beyond). Every field has a size limit; the web
 * app should cut `message` (stack included) to 8000 characters before sending.
 */
const short = z.string().max(200);

/** The levels a client report can carry, named as the server stores and filters them. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const logReportBodySchema = z.object({
  controllerName: short.optional(),
  displayTitle: short.optional(),
  actionName: short.optional(),
  httpMethod: z.string().max(16).optional(),
  requestUrl: z.string().max(2000).optional(),
  logLevel: logLevelSchema.default('error'),
  browser: short.optional(),
  os: short.optional(),
  message: z.string().min(1).max(8000),
  /** Informational: the tenant is taken from the token or the TenantId header. */
  tenantId: z.number().int().optional(),
});
export type LogReport = z.input<typeof logReportBodySchema>;

export const logExSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  controllerName: z.string().nullable(),
  displayTitle: z.string().nullable(),
  actionName: z.string().nullable(),
  httpMethod: z.string().nullable(),
  requestUrl: z.string().nullable(),
  logLevel: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  message: z.string(),
  createTime: z.string(),
});

export const logExEndpoints = {
  logExAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysLogEx/add',
    auth: 'public',
    tag: 'other',
    summary:
      'Client error report: true when stored, false when reportLogEnable.h5 is off (rate-limited per IP)',
    body: logReportBodySchema,
    result: z.boolean(),
  }),
  logExPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysLogEx/page',
    auth: 'admin',
    tag: 'other',
    summary: 'Operators: client error reports, newest first (filters: level, message contains)',
    body: z.object({
      page: z.number().int().min(1).max(100000).default(1),
      pageSize: z.number().int().min(1).max(100).default(20),
      logLevel: logLevelSchema.optional(),
      message: z.string().trim().max(200).optional(),
    }),
    result: pagedSchema(logExSchema),
  }),
};
