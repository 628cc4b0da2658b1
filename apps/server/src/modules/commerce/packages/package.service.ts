import type { endpoints, ParsedBodyOf, ParsedQueryOf } from '@app/contract';
import '../commerce.messages.js';
import type { MemoryCache } from '../../../platform/cache/memory-cache.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { Actor } from '../../../platform/identity/actor.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { OrderQuote } from '../orders/quote.js';
import { toPackage } from '../commerce.mappers.js';

export const createPackageService = (deps: {
  store: CommerceRepositories;
  cache: MemoryCache;
  quote: Pick<OrderQuote, 'loadPackage'>;
}) => {
  const { store, cache, quote } = deps;
  const { packages: repo } = store.repos;
  // The lists the shop shows, until a package changes.
  const lists = cache.area<ReturnType<typeof toPackage>[]>({ tables: ['gold_package'], maxEntries: 200 });

  return {
    // Names, descriptions and badges in the reader's language (one cached list per language).
    list({ tenantId, locale }: Actor, f: ParsedQueryOf<typeof endpoints.goldPackageList>) {
      const key = `${tenantId}:${locale}:${f.status ?? 1}:${f.obtainMethod ?? ''}:${f.os ?? ''}:${f.packageType ?? ''}`;
      return lists.get(key, async () => (await repo.list(tenantId, f)).map((row) => toPackage(row, locale)));
    },
    page: async ({ tenantId, locale }: Actor, f: ParsedBodyOf<typeof endpoints.goldPackagePage>) =>
      mapPage(await repo.page(tenantId, f), (rows) => rows.map((row) => toPackage(row, locale))),
    detail: async ({ tenantId, locale }: Actor, id: number) =>
      toPackage(await quote.loadPackage(tenantId, id), locale),
  };
};
