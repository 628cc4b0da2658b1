import type { ImMessagePageResult } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { useAppStore } from '../../../shared/lib/app-store';
import { MESSAGES_QUERY_KEY } from '../../../shared/lib/message-keys';

/** Message centre queries, all under MESSAGES_QUERY_KEY (the realtime bridge refreshes it on a new message). */
export const PAGE_SIZE = 20;

/** A page of the message centre: by number, or going on from the last message shown (`cursor`). */
type MessagePageParam = { page: number; cursor?: number };

const fetchMessagePage = async (param: MessagePageParam): Promise<ImMessagePageResult> => {
  const result = await call(endpoints.imMessagePage, { body: { ...param, pageSize: PAGE_SIZE } }, { silent: true });
  useAppStore.getState().setUnreadCount(result.unread);
  return result;
};

export const messagePagesQueryOptions = () => ({
  queryKey: [...MESSAGES_QUERY_KEY, 'pages'] as const,
  queryFn: ({ pageParam }: { pageParam: MessagePageParam }) => fetchMessagePage(pageParam),
  initialPageParam: { page: 1 } as MessagePageParam,
  getNextPageParam: (last: ImMessagePageResult): MessagePageParam | undefined =>
    last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined,
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
