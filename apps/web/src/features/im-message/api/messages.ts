import type { ImMessagePageResult } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { useAppStore } from '../../../shared/lib/app-store';
import { MESSAGES_QUERY_KEY } from '../../../shared/lib/message-keys';

/** Message centre queries, all under MESSAGES_QUERY_KEY (the realtime bridge refreshes it on a new message). */
export const PAGE_SIZE = 20;

export const fetchMessagePage = async (page: number): Promise<ImMessagePageResult> => {
  const result = await call(endpoints.imMessagePage, { body: { page, pageSize: PAGE_SIZE } }, { silent: true });
  useAppStore.getState().setUnreadCount(result.unread);
  return result;
};

export const messagePagesQueryOptions = () => ({
  queryKey: [...MESSAGES_QUERY_KEY, 'pages'] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchMessagePage(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: ImMessagePageResult) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

export const unreadCountQueryOptions = () => ({
  queryKey: [...MESSAGES_QUERY_KEY, 'unread'] as const,
  queryFn: async () => {
    const result = await call(endpoints.imMessageUnreadCount, {}, { silent: true });
    useAppStore.getState().setUnreadCount(result.unread);
    return result.unread;
  },
  staleTime: 60_000,
});

/** Marks the given messages read, or all of them (quietly: the message centre says when it fails). */
export const markRead = async (ids?: number[]): Promise<number> => {
  const result = await call(endpoints.imMessageRead, { body: ids ? { ids } : { all: true } }, { silent: true });
  useAppStore.getState().setUnreadCount(result.unread);
  return result.unread;
};
