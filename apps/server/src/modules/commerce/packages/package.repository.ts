import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { paged } from '../../../platform/db/paged.js';
import { goldPackages } from '../commerce.table.js';

interface PackageFilter {
  status?: number;
  obtainMethod?: number;
  os?: 'all' | 'android' | 'ios';
  packageType?: string;
}

export const createPackageRepository = (db: DbOrTx) => {
  const where = (tenantId: number, f: PackageFilter) => {
    const conditions: SQL[] = [eq(goldPackages.tenantId, tenantId), eq(goldPackages.status, f.status ?? 1)];
    if (f.obtainMethod !== undefined) conditions.push(eq(goldPackages.obtainMethod, f.obtainMethod));
    if (f.packageType) conditions.push(eq(goldPackages.packageType, f.packageType));
    // A package for "all" shows on every os; os=all asks only those.
    if (f.os) {
      conditions.push(
        f.os === 'all'
          ? sql`${goldPackages.metadata}->>'os' = 'all'`
          : sql`${goldPackages.metadata}->>'os' IN (${f.os}, 'all')`,
      );
    }
    return and(...conditions);
  };
  const inShopOrder = (tenantId: number, f: PackageFilter) =>
    db
      .select()
      .from(goldPackages)
      .where(where(tenantId, f))
      .orderBy(asc(goldPackages.orderNo), asc(goldPackages.id));

  return {
    list: inShopOrder,
    page: (tenantId: number, f: PackageFilter & { page: number; pageSize: number }) =>
      paged(
        f,
        inShopOrder(tenantId, f),
        db.select({ total: count() }).from(goldPackages).where(where(tenantId, f)),
      ),
  };
};
export type PackageRepository = ReturnType<typeof createPackageRepository>;
