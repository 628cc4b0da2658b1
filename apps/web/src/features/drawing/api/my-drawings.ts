import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys, isDrawing, POLL_MS } from './draw-keys';

/** My works (all, published or private), polled while one of them is being drawn. */
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
