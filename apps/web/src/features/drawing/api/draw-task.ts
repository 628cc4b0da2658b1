import { queryOptions } from '@tanstack/react-query';
import type { DrawTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys, isDrawing, POLL_MS } from './draw-keys';

/** A task drawn, or one of its pictures still being upscaled. */
const isBusy = (task: DrawTask | undefined) =>
  isDrawing(task) || !!task?.versions?.some((version) => isDrawing(version));

/** One work with its pictures and versions, polled while anything of it is being drawn. */
export const drawTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: drawKeys.task(id),
    queryFn: () => call(endpoints.aiDrawDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (isBusy(query.state.data) ? POLL_MS : false),
  });
