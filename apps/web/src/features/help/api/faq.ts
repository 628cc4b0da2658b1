import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** The help centre's FAQ (spec §2 /set/help/index): the common-info entries of the FAQ category. */
export const FAQ_CATEGORY = 3;

export const faqQueryOptions = () =>
  queryOptions({
    queryKey: ['help', 'faq'],
    queryFn: () => call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 100, categoryId: FAQ_CATEGORY } }, { silent: true }),
  });
