import type { ArticleAddBody, ArticleListItem, ArticlePageBody, ArticleUpdateBody } from '@app/contract';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { invalidateArticleLists } from '../../../shared/lib/api/article-lists';
import { preloadImage } from '../../../shared/lib/preload-image';
import { FIRST_COVERS, plazaFilterOf } from '../lib/plaza-list';

/** Plaza works: list pages, one work, publishing, share, report, block (likes: ./likes). */
export const PAGE_SIZE = 20;
export const plazaKeys = {
  all: ['plaza'] as const,
  list: (filter: Omit<ArticlePageBody, 'page' | 'cursor'>) => ['plaza', 'list', filter] as const,
  detail: (id: number) => ['plaza', 'detail', id] as const,
  comments: (id: number) => ['plaza', 'comments', id] as const,
};

export const getArticlePage = (body: ArticlePageBody) => call(endpoints.articlePage, { body }, { silent: true });

/** Where a page of an infinite list starts: the first page, or the server's cursor after the previous one. */
interface ListPageParam {
  page: number;
  cursor?: string;
}

/**
 * Infinite list for the plaza tab, a personal homepage, drafts: each next page continues from the previous
 * page's cursor (keyset paging: no repeats or gaps when works are published meanwhile, and no depth limit).
 */
export const articleListInfiniteOptions = (filter: Omit<ArticlePageBody, 'page' | 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: plazaKeys.list(filter),
    queryFn: ({ pageParam }) => getArticlePage({ pageSize: PAGE_SIZE, ...filter, ...pageParam }),
    initialPageParam: { page: 1 } as ListPageParam,
    getNextPageParam: (last): ListPageParam | undefined =>
      last.hasMore && last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined,
  });

/**
 * Starts the plaza's first page for an address while the page's code is still on its way (the app asks for it
 * when the plaza is the first screen): the page then finds it under the same key instead of asking after it
 * rendered, one round trip before the first cards can paint.
 */
export const prefetchPlazaList = async (client: QueryClient, search: URLSearchParams) => {
  const options = articleListInfiniteOptions(plazaFilterOf(search));
  await client.prefetchInfiniteQuery(options);
  // The top row's covers are the page's largest paint: asked for now, not once the cards have rendered.
  const first = client.getQueryData(options.queryKey)?.pages[0]?.items ?? [];
  for (const item of first.slice(0, FIRST_COVERS)) if (item.cover) preloadImage(item.cover);
};

/** Flattens the pages of an infinite list, dropping repeats (a new work can shift a page). */
export const flattenPages = (pages: readonly { items: ArticleListItem[] }[] | undefined): ArticleListItem[] => {
  const seen = new Set<number>();
  const out: ArticleListItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
};

export const articleDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: plazaKeys.detail(id),
    queryFn: () => call(endpoints.articleDetail, { query: { id } }, { silent: true }),
    enabled: id > 0,
    retry: false,
    // A work in review is read again each time it is opened: the operator's decision changes it at any moment.
    staleTime: (query) => (['pending', 'rejected'].includes(query.state.data?.status ?? '') ? 0 : 30_000),
  });

export const addArticle = (body: ArticleAddBody) => call(endpoints.articleAdd, { body }, { silent: true });
export const updateArticle = (body: ArticleUpdateBody) => call(endpoints.articleUpdate, { body }, { silent: true });
export const deleteArticle = (id: number) => call(endpoints.articleDelete, { body: { id } }, { retry: true });
export const shareArticle = (id: number) => call(endpoints.articleShare, { body: { id } });
export const reportArticle = (targetId: number, reason: string) =>
  call(endpoints.reportAdd, { body: { targetType: 'article', targetId, reason } });
export const blockUser = (userId: number) => call(endpoints.blockAdd, { body: { userId } });
export const unblockUser = (userId: number) => call(endpoints.blockRemove, { body: { userId } }, { retry: true });

/** After a block, a publish or a delete every list is stale (the plaza's, mine, the video page's 我的文章). */
export const invalidatePlaza = (queryClient: QueryClient) => invalidateArticleLists(queryClient);

/** The post editor's save (new or edited, draft or published); every article list refreshes after it. */
export const savePost = async (queryClient: QueryClient, id: number, body: Omit<ArticleAddBody, 'id'>) => {
  const result = id > 0 ? await updateArticle({ id, ...body }) : await addArticle(body);
  await invalidatePlaza(queryClient);
  return result;
};

/** A share link the user can paste anywhere: the server answers it relative when no public base is set. */
export const absoluteLink = (link: string): string => {
  if (/^https?:\/\//.test(link)) return link;
  const base = `${window.location.origin}${window.location.pathname}`;
  if (link.startsWith('#')) return `${base}${link}`;
  if (link.startsWith('/#')) return `${window.location.origin}${link}`;
  return `${base}#${link.startsWith('/') ? link : `/${link}`}`;
};
