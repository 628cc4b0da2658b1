import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Prompt templates: categories, the list, one template with its fields. */
export const TEMPLATE_PAGE_SIZE = 20;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates', 'categories'],
    queryFn: () => call(endpoints.promptTemplateCategories, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const templateListOptions = (categoryId: number | undefined, keyword: string) =>
  infiniteQueryOptions({
    queryKey: ['templates', 'list', categoryId ?? 0, keyword],
    queryFn: ({ pageParam }) =>
      call(
        endpoints.promptTemplatePage,
        { query: { page: pageParam, pageSize: TEMPLATE_PAGE_SIZE, categoryId, keyword: keyword || undefined } },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const templateDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['templates', 'detail', id],
    queryFn: () => call(endpoints.promptTemplateDetail, { query: { id } }, { silent: true }),
    enabled: id > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
