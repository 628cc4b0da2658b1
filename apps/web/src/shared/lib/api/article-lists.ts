import type { QueryClient } from '@tanstack/react-query';

/**
 * Every list that shows the user's articles outside the plaza feature (the video page's 我的文章) lives under
 * this key, so publishing, editing or deleting an article refreshes it with the plaza's own lists.
 */
export const MY_ARTICLES_KEY = ['articles', 'mine'] as const;
const PLAZA_KEY = ['plaza'] as const;

/** After a publish, an edit, a block or a delete every article list is stale: the plaza's, mine, the video page's. */
export const invalidateArticleLists = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: PLAZA_KEY }), queryClient.invalidateQueries({ queryKey: MY_ARTICLES_KEY })]);
