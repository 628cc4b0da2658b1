import { queryOptions } from '@tanstack/react-query';
import { call } from './api/client';
import { endpoints } from './api/endpoints';

/**
 * A generated copy goes to dubbing and video by its message id (`?messageId=`), never as the whole text in the
 * URL (too long for a link, and leaked into history and logs): the receiving page reads the text with
 * `copyTextQueryOptions`.
 */
export const copyHandOffPath = (path: string, messageId: number): string => `${path}?messageId=${messageId}`;

/** The text of a generated copy (the caller's own message), for the page it was handed to. */
export const copyTextQueryOptions = (messageId: number) =>
  queryOptions({
    queryKey: ['copy-text', messageId],
    queryFn: async () => (await call(endpoints.chatMessageDetail, { query: { messageId } }, { silent: true })).content,
    enabled: messageId > 0,
    retry: false,
  });

/** A generated copy with the engine that wrote it (the post editor prefills from it and shows the engine). */
export const copyMessageQueryOptions = (messageId: number) =>
  queryOptions({
    queryKey: ['copy-message', messageId],
    queryFn: async () => {
      const message = await call(endpoints.chatMessageDetail, { query: { messageId } }, { silent: true });
      return { content: message.content, provider: message.provider };
    },
    enabled: messageId > 0,
    retry: false,
  });
