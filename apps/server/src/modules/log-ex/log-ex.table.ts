import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LogLevel } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';

/** Client error reports (spec §3 "Log report"), kept only while app_config reportLogEnable.h5 is on. */
export const logEx = pgTable(
  'sys_log_ex',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    controllerName: text('controller_name'),
    displayTitle: text('display_title'),
    actionName: text('action_name'),
    httpMethod: text('http_method'),
    requestUrl: text('request_url'),
    logLevel: text('log_level').$type<LogLevel>().notNull(),
    browser: text('browser'),
    os: text('os'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_log_ex_time_idx').on(t.tenantId, t.createdAt)],
);
