import { SERVICE_USER_ID } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { MESSAGES_QUERY_KEY } from '../../../shared/lib/message-keys';

/** The customer-service chat (spec §2 /set/help/service) with profile 10086. */
export const SERVICE_PEER_ID = SERVICE_USER_ID;
/**
 * Operator replies arrive through the hub (`ReceiveMessage`), whose handler refreshes every query under
 * MESSAGES_QUERY_KEY, so the chat lives under that key; polling stays as the fallback while the hub is down.
 */
export const SERVICE_POLL_MS = 4000;
/** What the acknowledgement promises: an operator answers within this many minutes (service hours). */
export const SERVICE_REPLY_MINUTES = 30;
export const serviceQueryKey = [...MESSAGES_QUERY_KEY, 'service', SERVICE_PEER_ID] as const;

export const serviceMessagesQueryOptions = () =>
  queryOptions({
    queryKey: serviceQueryKey,
    queryFn: () => call(endpoints.imMessagePage, { body: { page: 1, pageSize: 50, peerId: SERVICE_PEER_ID } }, { silent: true }),
    refetchInterval: SERVICE_POLL_MS,
  });

export const sendServiceMessage = (content: string) => call(endpoints.serviceSend, { body: { content } });

/** Sends a message to customer service; the chat is fetched again, so it shows the message sent. */
export const useSendServiceMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendServiceMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: serviceQueryKey }),
  });
};
