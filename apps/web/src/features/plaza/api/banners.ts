import type { CommonInfoCategory } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Common info category of banners (a type-only import: no contract module at run time). */
const BANNER_CATEGORY = 1 satisfies (typeof CommonInfoCategory)['Banner'];

/** One banner (common info of category 1) for its share poster; null when it is gone. */
export const bannerQueryOptions = (bannerId: number) =>
  queryOptions({
    queryKey: ['common-info', 'banner', bannerId],
    queryFn: () =>
      call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 50, categoryId: BANNER_CATEGORY } }, { silent: true }).then(
        (page) => page.items.find((item) => item.id === bannerId) ?? null,
      ),
  });
