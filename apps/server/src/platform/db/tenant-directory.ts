import { and, eq } from 'drizzle-orm';
import type { MemoryCache } from '../cache/memory-cache.js';
import { badRequest } from '../errors.js';
import type { Db, DbOrTx } from './client.js';
import { tenants } from './tenant.table.js';

/** Whether a tenant exists and is enabled, asked of the database each time. */
export const isTenantEnabled = async (db: DbOrTx, id: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, id), eq(tenants.enabled, true)))
    .limit(1);
  return !!row;
};

/** Public calls that write rows for the tenant a header named refuse an unknown or disabled one first. */
export const assertTenantEnabled = async (db: DbOrTx, id: number): Promise<void> => {
  if (!(await isTenantEnabled(db, id))) throw badRequest('tenant_not_found');
};

/**
 * Answers whether a tenant exists and is enabled. Anonymous callers name their tenant in a header, so
 * an unknown one must be refused before it reaches any insert (a foreign-key failure would be a 500).
 * Answers (yes and no) are remembered until the tenant table changes.
 */
export const createTenantDirectory = (db: Db, cache: MemoryCache) => {
  const answers = cache.area<boolean>({ tables: ['tenant'], maxEntries: 10_000 });
  return {
    exists: (id: number): Promise<boolean> => answers.get(String(id), () => isTenantEnabled(db, id)),
  };
};
export type TenantDirectory = ReturnType<typeof createTenantDirectory>;
