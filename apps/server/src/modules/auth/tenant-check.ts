import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { tenants } from '../../platform/db/tenant.table.js';

/** Public calls take the tenant from a header: refuse unknown or disabled tenants before writing rows. */
export const assertTenant = async (db: DbOrTx, tenantId: number): Promise<void> => {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.enabled, true)))
    .limit(1);
  if (!row) throw badRequest('tenant_not_found');
};
