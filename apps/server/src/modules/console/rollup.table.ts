import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';

/**
 * The dashboard's daily figures, kept so that a view reads ~30 rows per metric instead of aggregating raw
 * tables: one row per tenant, Asia/Shanghai day and metric (`new_users`, `paid_orders:<payMethod>`,
 * `jobs:<type>:<state>` …). A day's rows are recomputed together from indexed ranges of the source tables
 * (the recurring refresh keeps yesterday and today current); a day with no `new_users` row was never
 * computed.
 */
export const consoleDailyMetrics = pgTable(
  'console_daily_metric',
  {
    tenantId: tenantId(),
    /** `YYYY-MM-DD` in Asia/Shanghai. */
    day: text('day').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'console_daily_metric_pk', columns: [t.tenantId, t.day, t.metric] })],
);
