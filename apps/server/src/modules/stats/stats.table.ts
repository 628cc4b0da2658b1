import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';

/** Usage statistics (spec §9): one row per page view or named event reported by a client. */
export const statEvents = pgTable(
  'stat_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** Business day (YYYY-MM-DD, Asia/Shanghai) of `occurredAt`. */
    day: text('day').notNull(),
    /** `page` (name = route path) or `event` (name = event name). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Event value (a short label or number as text), null for page views. */
    value: text('value'),
    sessionId: text('session_id').notNull(),
    deviceId: text('device_id').notNull(),
    userId: integer('user_id'),
    platform: text('platform').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('stat_event_name_idx').on(t.tenantId, t.kind, t.day, t.name),
    index('stat_event_visitor_idx').on(t.tenantId, t.day, t.deviceId),
  ],
);
