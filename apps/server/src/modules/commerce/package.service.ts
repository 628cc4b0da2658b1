import type { endpoints, ParsedBodyOf, ParsedQueryOf } from '@app/contract';
import './commerce.messages.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { mapPage } from '../../platform/db/paged.js';
import { createPackageRepository } from './package.repository.js';
import type { OrderPricing } from './order-pricing.js';
import { toPackage } from './commerce.mappers.js';

export const createPackageService = (
  db: Db,
  cache: MemoryCache,
  pricing: Pick<OrderPricing, 'loadPackage'>,
) => {
  // The lists the shop shows, until a package changes.
  const lists = cache.area<ReturnType<typeof toPackage>[]>({ tables: ['gold_package'], maxEntries: 200 });
  const repo = createPackageRepository(db);

  return {
    list(tenantId: number, f: ParsedQueryOf<typeof endpoints.goldPackageList>) {
      const key = `${tenantId}:${f.status ?? 1}:${f.obtainMethod ?? ''}:${f.os ?? ''}:${f.packageType ?? ''}`;
      return lists.get(key, async () => (await repo.list(tenantId, f)).map(toPackage));
    },
    page: async (tenantId: number, f: ParsedBodyOf<typeof endpoints.goldPackagePage>) =>
      mapPage(await repo.page(tenantId, f), (rows) => rows.map(toPackage)),
    detail: async (tenantId: number, id: number) => toPackage(await pricing.loadPackage(tenantId, id)),
  };
};
