import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { historyInfiniteOptions, historyMeta } from '../api/chat';
import type { Turn } from '../lib/chat-turn';

/** My past questions and answers, oldest first, paged from the newest; an answer cut off while streaming reads as stopped. */
export function useChatHistory(canAsk: boolean) {
  const history = useInfiniteQuery(historyInfiniteOptions(canAsk));
  const past: Turn[] = useMemo(() => {
    const items = (history.data?.pages ?? []).flatMap((p) => p.items);
    const seen = new Set<number>();
    const out: Turn[] = [];
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const meta = historyMeta(item);
      out.push({
        key: `h${item.id}`,
        role: meta.role,
        text: item.content,
        status: meta.status === 'streaming' ? 'stopped' : meta.status,
        provider: meta.provider,
        questionId: meta.role === 'assistant' ? meta.replyTo : item.id,
        messageId: meta.role === 'assistant' ? item.id : null,
      });
    }
    return out.reverse();
  }, [history.data]);
  return { history, past };
}
