import type { CommonInfoCategory } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { preloadImage } from '../../../shared/lib/preload-image';

/**
 * Common info category of banners. A type-only import keeps it equal to the contract's value without
 * loading the contract module (and its zod schemas) at run time.
 */
const BANNER_CATEGORY = 1 satisfies (typeof CommonInfoCategory)['Banner'];

/** Home banners: common info of category 1 (banner), in the server's sort order. */
export const getBanners = () =>
  call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 5, categoryId: BANNER_CATEGORY } }, { silent: true }).then(
    (page) => page.items,
  );

export const getBannersQueryOptions = () =>
  queryOptions({ queryKey: ['common-info', 'banners'], queryFn: getBanners, staleTime: 5 * 60_000 });

/**
 * The home tab opened first: its banners asked for beside the page's code, and the first banner's picture (the
 * page's largest paint) preloaded as soon as they answer.
 */
export const prefetchBanners = async (client: QueryClient) => {
  const options = getBannersQueryOptions();
  await client.prefetchQuery(options);
  const cover = client.getQueryData(options.queryKey)?.[0]?.cover;
  if (cover) preloadImage(cover);
};
