import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  hubEvents,
  videoJobTypes,
  type JobProgressPayload,
  type StoredFile,
  type VideoAddBody,
  type VideoSceneAddBody,
  type VideoSceneLineBody,
  type VideoSceneMoveBody,
  type VideoScenePictureBody,
  type VideoStoryboard,
} from '@app/contract';
import type { AttachmentsResult } from '../../../shared/lib/api/attachments';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload } from '../../../shared/lib/api/transfer';
import { subscribeHubEvent } from '../../../shared/lib/realtime';
import { POLL_MS, videoKeys } from './video';

/** The storyboard (分镜) of a video: its scenes, edited one by one before rendering. */
export const storyboardKeys = {
  detail: (id: number) => ['video', 'storyboard', id] as const,
};

const making = (board: VideoStoryboard | undefined) => !!board?.scenes.some((s) => s.status === 'pending');

/** A storyboard whose scenes are still being made is polled too (the hub's JobProgress refreshes it sooner). */
export const storyboardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: storyboardKeys.detail(id),
    queryFn: () => call(endpoints.articleToVideoStoryboardDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (making(query.state.data) ? POLL_MS : false),
  });

export const createStoryboard = (body: VideoAddBody) =>
  call(endpoints.articleToVideoStoryboardCreate, { body });

/** 生成分镜 from the video form: the answer is the new storyboard (cached for the page it opens). */
export const useCreateStoryboard = (onCreated: (board: VideoStoryboard) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoryboard,
    onSuccess: (board) => {
      queryClient.setQueryData(storyboardKeys.detail(board.task.id), board);
      void queryClient.invalidateQueries({ queryKey: videoKeys.list });
      onCreated(board);
    },
  });
};

/** Every edit answers the whole storyboard: it replaces the cached one. */
const useStoryboardEdit = <B>(send: (body: B) => Promise<VideoStoryboard>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (board) => queryClient.setQueryData(storyboardKeys.detail(board.task.id), board),
  });
};

export const useEditSceneLine = () =>
  useStoryboardEdit((body: VideoSceneLineBody) => call(endpoints.articleToVideoSceneLine, { body }));
export const useReplaceScenePicture = () =>
  useStoryboardEdit((body: VideoScenePictureBody) => call(endpoints.articleToVideoScenePicture, { body }));
export const useMoveScene = () =>
  useStoryboardEdit((body: VideoSceneMoveBody) => call(endpoints.articleToVideoSceneMove, { body }));
export const useDeleteScene = () =>
  useStoryboardEdit((body: { taskId: number; sceneId: number }) =>
    call(endpoints.articleToVideoSceneDelete, { body }),
  );
export const useAddScene = () =>
  useStoryboardEdit((body: VideoSceneAddBody) => call(endpoints.articleToVideoSceneAdd, { body }));

/** 开始合成: holds the gold and queues the render; the list then shows its progress. */
export const useRenderStoryboard = (onQueued: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.articleToVideoStoryboardRender, { body: { id } }),
    onSuccess: (task) => {
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.detail(task.id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.list });
      onQueued();
    },
  });
};

/** A photo from the album for a scene: uploaded privately in the media class (spec §9 media image 2 MB). */
export const uploadScenePhoto = async (file: Blob): Promise<StoredFile> => {
  const path = `${endpoints.uploadAttachments.path}?category=media&visibility=private`;
  const stored = (await upload<AttachmentsResult>(path, [file], { fieldName: 'file' })).files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};

/** Uploads an album photo for a scene; the caller then makes it the scene's picture. */
export const useUploadScenePhoto = () => useMutation({ mutationFn: uploadScenePhoto });

/** My finished drawings, to pick one as a scene's picture (我的作品). */
export const myDrawingsForScenesQueryOptions = () =>
  queryOptions({
    queryKey: ['video', 'storyboard', 'drawings'] as const,
    queryFn: async () =>
      (
        await call(endpoints.aiDrawPage, { body: { scope: 'mine', page: 1, pageSize: 50 } }, { silent: true })
      ).items.filter((d) => d.status === 'succeeded' && d.images.length > 0),
  });

/** Live progress of scene jobs by job id (a scene's `jobId`), from the hub's JobProgress. */
export type SceneProgress = Record<number, { progress: number; stage: string | null }>;

/**
 * Follows a storyboard's scene jobs over the hub: answers each job's latest progress, and refreshes the
 * storyboard as soon as one ends.
 */
export const useStoryboardProgress = (id: number): SceneProgress => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<SceneProgress>({});
  useEffect(
    () =>
      subscribeHubEvent(hubEvents.jobProgress, (raw) => {
        const payload = raw as JobProgressPayload;
        if (payload.type !== videoJobTypes.storyboardScene) return;
        setProgress((current) => ({
          ...current,
          [payload.jobId]: { progress: payload.progress, stage: payload.stage },
        }));
        if (payload.state !== 'queued' && payload.state !== 'running')
          void queryClient.invalidateQueries({ queryKey: storyboardKeys.detail(id) });
      }),
    [queryClient, id],
  );
  return progress;
};
