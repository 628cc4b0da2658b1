import { and, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { tenants } from '../../platform/db/tenant.table.js';
import { consoleDailyMetrics } from './rollup.table.js';

export interface MetricRow {
  day: string;
  metric: string;
  value: number;
}

/** The marker of a computed day: always written, zero included. */
export const DAY_MARKER = 'new_users';

/** Reads and writes of the dashboard's daily figures. */
export const createRollupRepository = (db: DbOrTx) => ({
  /** Every figure of the tenant's days `from`..`to` (at most days × metrics rows, by the primary key). */
  range: (tenantId: number, from: string, to: string) =>
    db
      .select({
        day: consoleDailyMetrics.day,
        metric: consoleDailyMetrics.metric,
        value: consoleDailyMetrics.value,
        refreshedAt: consoleDailyMetrics.refreshedAt,
      })
      .from(consoleDailyMetrics)
      .where(
        and(
          eq(consoleDailyMetrics.tenantId, tenantId),
          gte(consoleDailyMetrics.day, from),
          lte(consoleDailyMetrics.day, to),
        ),
      ),

  /**
   * Replaces one day's figures: upserts the new ones and removes metrics the day no longer has (a job that
   * left `running`). The caller holds the tenant's rollup lock.
   */
  async replaceDay(tenantId: number, day: string, rows: MetricRow[], now: Date) {
    await db
      .insert(consoleDailyMetrics)
      .values(rows.map((r) => ({ tenantId, day, metric: r.metric, value: r.value, refreshedAt: now })))
      .onConflictDoUpdate({
        target: [consoleDailyMetrics.tenantId, consoleDailyMetrics.day, consoleDailyMetrics.metric],
        set: { value: sql`excluded.value`, refreshedAt: now },
      });
    await db.delete(consoleDailyMetrics).where(
      and(
        eq(consoleDailyMetrics.tenantId, tenantId),
        eq(consoleDailyMetrics.day, day),
        notInArray(
          consoleDailyMetrics.metric,
          rows.map((r) => r.metric),
        ),
      ),
    );
  },

  /** Serialises refreshes of one tenant's figures until the transaction ends (both drivers). */
  lockTenant: async (tenantId: number) => {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('console_daily_metric'), ${tenantId})`);
  },

  /** The tenants whose figures the recurring refresh keeps. */
  enabledTenants: async () =>
    (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.enabled, true))).map((t) => t.id),
});
