import type { ChatHistoryItem } from '@app/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Chat robot reads and writes: quota, history, one answer, saving an edit. */
export const HISTORY_PAGE_SIZE = 10;
export const VIP_LINK = '/pages/index/vip/index';
export const LOGIN_LINK = '/pages/user/login';

export const chatKeys = {
  quota: ['chat', 'quota'] as const,
  history: ['chat', 'history'] as const,
  detail: (messageId: number) => ['chat', 'detail', messageId] as const,
};

export const quotaQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: chatKeys.quota,
    queryFn: () => call(endpoints.chatQuota, {}, { silent: true }),
    enabled,
  });

/** Robot history, newest first, 10 a page; loaded again on each visit (the page adds new messages itself). */
export const historyInfiniteOptions = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history,
    queryFn: ({ pageParam }) =>
      call(endpoints.chatHistory, { query: { ...pageParam, pageSize: HISTORY_PAGE_SIZE } }, { silent: true }),
    // Older messages go on from the oldest one shown (keyset cursor): new messages do not shift the pages.
    initialPageParam: { page: 1 } as { page: number; cursor?: number },
    getNextPageParam: (last) => (last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export interface HistoryMeta {
  role: 'user' | 'assistant';
  status: 'streaming' | 'done' | 'stopped' | 'error';
  provider: string | null;
  replyTo: number | null;
  conversationId: number | null;
}

export const historyMeta = (item: ChatHistoryItem): HistoryMeta => {
  const data = item.data ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    role: data.role === 'assistant' ? 'assistant' : 'user',
    status: (str(data.status) ?? 'done') as HistoryMeta['status'],
    provider: str(data.provider),
    replyTo: num(data.replyTo),
    conversationId: num(data.conversationId),
  };
};

export const messageDetailQueryOptions = (messageId: number) =>
  queryOptions({
    queryKey: chatKeys.detail(messageId),
    queryFn: () => call(endpoints.chatMessageDetail, { query: { messageId } }, { silent: true }),
    enabled: messageId > 0,
    retry: false,
  });

/** Saving the same text twice changes nothing: a timeout or server failure offers the retry notice (spec §8). */
export const saveMessage = (messageId: number, content: string) =>
  call(endpoints.chatMessageUpdate, { body: { messageId, content } }, { retry: true });

