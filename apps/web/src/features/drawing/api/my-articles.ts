import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

/** My articles to illustrate (the newest 20) and one article's text. */
export const myArticlesQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.myArticles,
    queryFn: () => call(endpoints.articlePage, { body: { mine: true, page: 1, pageSize: 20 } }, { silent: true }),
  });

/** A read the user asked for: a timeout or server failure offers the retry notice (spec §8). */
export const articleText = async (id: number) => (await call(endpoints.articleDetail, { query: { id } }, { retry: true })).content;

/** Loads the text of the article the user picked, on demand (a read, so nothing is invalidated). */
export const useLoadArticleText = () => useMutation({ mutationFn: articleText });
