import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  drawJobType,
  drawUpscaleJobType,
  hubEvents,
  type DrawImagineBody,
  type DrawRoleImage,
  type DrawStyle,
  type DrawTask,
  type DrawUpscaleScale,
  type JobProgressPayload,
} from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload } from '../../../shared/lib/api/transfer';
import { subscribeHubEvent } from '../../../shared/lib/realtime';

/** AI drawing (spec §7 AI: aiDraw/*, aiDrawProject/uploadRoleImages). */
export const drawKeys = {
  all: ['drawing'] as const,
  options: ['drawing', 'options'] as const,
  mine: (published?: boolean) => ['drawing', 'mine', published ?? 'all'] as const,
  hall: (sort: 'newest' | 'hottest', userId?: number, style?: DrawStyle) =>
    ['drawing', 'hall', sort, userId ?? 0, style ?? 'all'] as const,
  remixes: (id: number) => ['drawing', 'remixes', id] as const,
  weekly: ['drawing', 'weekly'] as const,
  task: (id: number) => ['drawing', 'task', id] as const,
  roles: ['drawing', 'roles'] as const,
};

/** A task still being drawn is polled as well (the hub's JobProgress refreshes it sooner). */
export const POLL_MS = 1500;
export const isDrawing = (task: Pick<DrawTask, 'status'> | undefined) =>
  task?.status === 'queued' || task?.status === 'running';
/** A task drawn, or one of its pictures still being upscaled. */
const isBusy = (task: DrawTask | undefined) =>
  isDrawing(task) || !!task?.versions?.some((version) => isDrawing(version));

export const drawOptionsQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.options,
    queryFn: () => call(endpoints.aiDrawOptions, {}, { silent: true }),
    staleTime: 60_000,
  });

export const drawTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: drawKeys.task(id),
    queryFn: () => call(endpoints.aiDrawDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (isBusy(query.state.data) ? POLL_MS : false),
  });

export const myDrawingsQueryOptions = (published?: boolean) =>
  queryOptions({
    queryKey: drawKeys.mine(published),
    queryFn: () =>
      call(
        endpoints.aiDrawPage,
        { body: { scope: 'mine', page: 1, pageSize: 50, published } },
        { silent: true },
      ),
    refetchInterval: (query) => (query.state.data?.items.some(isDrawing) ? POLL_MS : false),
  });

const HALL_PAGE_SIZE = 20;
export const hallQueryOptions = (sort: 'newest' | 'hottest', userId?: number, style?: DrawStyle) =>
  infiniteQueryOptions({
    queryKey: drawKeys.hall(sort, userId, style),
    queryFn: ({ pageParam }) =>
      call(
        endpoints.aiDrawPage,
        { body: { scope: 'hall', sort, userId, style, ...pageParam, pageSize: HALL_PAGE_SIZE } },
        { silent: true },
      ),
    // Deeper pages go on from the last work shown (keyset cursor): no offset walk, no repeats as works arrive.
    initialPageParam: { page: 1 } as { page: number; cursor?: number },
    getNextPageParam: (last) => (last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined),
  });

/** The published remixes (一键同款) of a work, newest first: the first page. */
export const remixesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: drawKeys.remixes(id),
    queryFn: () =>
      call(endpoints.aiDrawPage, { body: { scope: 'hall', remixOf: id, page: 1, pageSize: HALL_PAGE_SIZE } }, { silent: true }),
  });

/** The hall's weekly ranking (most liked this week). */
export const weeklyRankingQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.weekly,
    queryFn: () => call(endpoints.aiDrawWeeklyRanking, {}, { silent: true }),
  });

/** 高清放大 one picture of my work; the answer (the work with its new version) goes straight into its detail. */
export const useUpscaleDrawing = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { imageIndex: number; scale: DrawUpscaleScale }) =>
      call(endpoints.aiDrawUpscale, { body: { id, ...input } }),
    onSuccess: (task) => queryClient.setQueryData(drawKeys.task(id), task),
  });
};

/** Draws my work again: a variation (nearby seed) or a reroll (new seed); answers the new task. */
export const useVariation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: 'variation' | 'reroll') => call(endpoints.aiDrawVariation, { body: { id, mode } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};

export const roleImagesQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.roles,
    queryFn: () => call(endpoints.aiDrawRoleImages, {}, { silent: true }),
  });

export const imagine = (body: DrawImagineBody) => call(endpoints.aiDrawImagine, { body });
export const deleteDrawing = (id: number) => call(endpoints.aiDrawDelete, { body: { id } }, { retry: true });
export const publishDrawing = (id: number, title: string) =>
  call(endpoints.aiDrawPublish, { body: { id, title } });
export const likeDrawing = (id: number) => call(endpoints.aiDrawLike, { body: { id } });
/** Likes (or unlikes) a work; the answer is the work as it now stands, put straight into its detail. */
export const useLikeDrawing = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likeDrawing(id),
    onSuccess: (task) => {
      queryClient.setQueryData(drawKeys.task(id), task);
      void queryClient.invalidateQueries({ queryKey: drawKeys.weekly });
    },
  });
};
export const toEnglish = (text: string) => call(endpoints.aiDrawToEnglish, { body: { text } });
/** My articles to illustrate (the newest 20) and one article's text. */
export const myArticlesQueryOptions = () =>
  queryOptions({
    queryKey: ['drawing', 'my-articles'],
    queryFn: () => call(endpoints.articlePage, { body: { mine: true, page: 1, pageSize: 20 } }, { silent: true }),
  });
/** A read the user asked for: a timeout or server failure offers the retry notice (spec §8). */
export const articleText = async (id: number) => (await call(endpoints.articleDetail, { query: { id } }, { retry: true })).content;
/** A picture of mine to upscale: answers the private work it becomes (engine `upload`). */
export const uploadForUpscale = (file: Blob) =>
  upload<DrawTask>(endpoints.aiDrawUploadImage.path, [file], { fieldName: 'file' });
export const uploadRoleImages = (files: Blob[]) =>
  upload<DrawRoleImage[]>(endpoints.aiDrawUploadRoleImages.path, files, { fieldName: 'file' });

/** Refreshes the drawing queries as soon as the hub reports progress of a drawing job. */
export const useDrawProgress = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeHubEvent(hubEvents.jobProgress, (payload) => {
        const type = (payload as JobProgressPayload).type;
        if (type === drawJobType || type === drawUpscaleJobType)
          void queryClient.invalidateQueries({ queryKey: drawKeys.all });
      }),
    [queryClient],
  );
};
