import { queryOptions } from '@tanstack/react-query';
import { ArticleCategory, type VideoEstimateBody, type VideoTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { MY_ARTICLES_KEY } from '../../../shared/lib/api/article-lists';
import { SIGNED_LINK_REFRESH_MS } from '../../../shared/lib/api/signed-links';

/** AI video (spec §7 AI: articleToVideo/*). */
export const videoKeys = {
  all: ['video'] as const,
  options: ['video', 'options'] as const,
  voices: ['video', 'voices'] as const,
  list: ['video', 'list'] as const,
  detail: (id: number) => ['video', 'detail', id] as const,
  /** Shared with the plaza: publishing an article refreshes it (shared/lib/api/article-lists). */
  articles: MY_ARTICLES_KEY,
  estimate: (body: VideoEstimateBody) => ['video', 'estimate', body] as const,
};

/** A render still going is polled (the hub's JobProgress refreshes it sooner). */
export const POLL_MS = 2000;
/** A storyboard still being edited has no render yet (its status stays `queued` until it is rendered). */
export const isRunning = (task: Pick<VideoTask, 'status' | 'storyboard'> | undefined) =>
  !task?.storyboard && (task?.status === 'queued' || task?.status === 'running');

export const videoOptionsQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.options,
    queryFn: () => call(endpoints.articleToVideoTemplates, {}, { silent: true }),
    staleTime: 60_000,
  });

/** The voices a video can speak with (the dubbing voices). */
export const videoVoicesQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.voices,
    queryFn: () => call(endpoints.textToSpeechVoices, {}, { silent: true }),
    staleTime: 60_000,
  });

/** My own works (published and drafts are separate lists; a video can be made from either). */
export const myArticlesQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.articles,
    queryFn: async () => {
      const [published, drafts] = await Promise.all([
        call(endpoints.articlePage, { body: { mine: true, pageSize: 50 } }, { silent: true }),
        call(endpoints.articlePage, { body: { mine: true, drafts: true, pageSize: 50 } }, { silent: true }),
      ]);
      return [...published.items, ...drafts.items].filter((a) => a.categoryId !== ArticleCategory.Video);
    },
  });

export const estimateQueryOptions = (body: VideoEstimateBody) =>
  queryOptions({
    queryKey: videoKeys.estimate(body),
    queryFn: () => call(endpoints.articleToVideoEstimate, { body }, { silent: true }),
    staleTime: 60_000,
  });

const PAGE = { page: 1, pageSize: 50 };

export const videosQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.list,
    queryFn: () => call(endpoints.articleToVideoPage, { body: PAGE }, { silent: true }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });
