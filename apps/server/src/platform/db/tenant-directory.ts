import { and, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { tenants } from './tenant.table.js';

const NEGATIVE_TTL_MS = 60_000;

/**
 * Answers whether a tenant exists and is enabled. Anonymous callers name their tenant in a header, so
 * an unknown one must be refused before it reaches any insert (a foreign-key failure would be a 500).
 * Known tenants are cached for the process; unknown ones for a minute.
 */
export const createTenantDirectory = (db: Db) => {
  const known = new Set<number>();
  const unknownUntil = new Map<number, number>();
  return {
    async exists(id: number): Promise<boolean> {
      if (known.has(id)) return true;
      const until = unknownUntil.get(id);
      if (until && until > Date.now()) return false;
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.enabled, true)))
        .limit(1);
      if (row) {
        known.add(id);
        unknownUntil.delete(id);
        return true;
      }
      if (unknownUntil.size > 10_000) unknownUntil.clear();
      unknownUntil.set(id, Date.now() + NEGATIVE_TTL_MS);
      return false;
    },
  };
};
export type TenantDirectory = ReturnType<typeof createTenantDirectory>;
