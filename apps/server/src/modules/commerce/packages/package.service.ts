import type { endpoints, Locale, ParsedBodyOf, ParsedQueryOf } from '@app/contract';
import '../commerce.messages.js';
import type { MemoryCache } from '../../../platform/cache/memory-cache.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { PackageRepository } from './package.repository.js';
import type { OrderQuote } from '../orders/quote.js';
import { toPackage } from '../commerce.mappers.js';

export const createPackageService = (
  repo: PackageRepository,
  cache: MemoryCache,
  quote: Pick<OrderQuote, 'loadPackage'>,
) => {
  // The lists the shop shows, until a package changes.
  const lists = cache.area<ReturnType<typeof toPackage>[]>({ tables: ['gold_package'], maxEntries: 200 });

  return {
    // Names, descriptions and badges in the reader's language (one cached list per language).
    list(tenantId: number, f: ParsedQueryOf<typeof endpoints.goldPackageList>, locale: Locale = 'zh-Hans') {
      const key = `${tenantId}:${locale}:${f.status ?? 1}:${f.obtainMethod ?? ''}:${f.os ?? ''}:${f.packageType ?? ''}`;
      return lists.get(key, async () => (await repo.list(tenantId, f)).map((row) => toPackage(row, locale)));
    },
    page: async (
      tenantId: number,
      f: ParsedBodyOf<typeof endpoints.goldPackagePage>,
      locale: Locale = 'zh-Hans',
    ) => mapPage(await repo.page(tenantId, f), (rows) => rows.map((row) => toPackage(row, locale))),
    detail: async (tenantId: number, id: number, locale: Locale = 'zh-Hans') =>
      toPackage(await quote.loadPackage(tenantId, id), locale),
  };
};
