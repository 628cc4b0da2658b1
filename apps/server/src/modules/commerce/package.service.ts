import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import './commerce.messages.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { goldPackages } from './commerce.table.js';
import { toPackage } from './commerce.mappers.js';

export interface PackageFilter {
  status?: number;
  obtainMethod?: number;
  os?: 'all' | 'android' | 'ios';
  packageType?: string;
}

export const createPackageService = (db: Db, cache: MemoryCache) => {
  // The lists the shop shows, until a package changes.
  const lists = cache.area<ReturnType<typeof toPackage>[]>({ tables: ['gold_package'], maxEntries: 200 });
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

  return {
    list(tenantId: number, f: PackageFilter) {
      const key = `${tenantId}:${f.status ?? 1}:${f.obtainMethod ?? ''}:${f.os ?? ''}:${f.packageType ?? ''}`;
      return lists.get(key, async () => {
        const rows = await db
          .select()
          .from(goldPackages)
          .where(where(tenantId, f))
          .orderBy(asc(goldPackages.orderNo), asc(goldPackages.id));
        return rows.map(toPackage);
      });
    },
    async page(tenantId: number, f: PackageFilter & { page: number; pageSize: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(goldPackages)
          .where(where(tenantId, f))
          .orderBy(asc(goldPackages.orderNo), asc(goldPackages.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
        db.select({ n: count() }).from(goldPackages).where(where(tenantId, f)),
      ]);
      return { items: rows.map(toPackage), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
    },
    async detail(tenantId: number, id: number) {
      const [row] = await db
        .select()
        .from(goldPackages)
        .where(and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.id, id), eq(goldPackages.status, 1)))
        .limit(1);
      if (!row) throw notFound('package_not_found');
      return toPackage(row);
    },
  };
};
