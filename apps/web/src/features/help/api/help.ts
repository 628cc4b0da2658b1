import { FEEDBACK_MAX_IMAGES, feedbackTypes, SERVICE_USER_ID, type BodyOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import type { Progress } from '../../../shared/lib/api/transfer';
import { MESSAGES_QUERY_KEY } from '../../../shared/lib/message-keys';

/** Help centre (spec §2 /set/help/*): FAQ, feedback, reports and the customer-service chat. */
export const FAQ_CATEGORY = 3;
export const SERVICE_PEER_ID = SERVICE_USER_ID;
/**
 * Operator replies arrive through the hub (`ReceiveMessage`), whose handler refreshes every query under
 * MESSAGES_QUERY_KEY, so the chat lives under that key; polling stays as the fallback while the hub is down.
 */
export const SERVICE_POLL_MS = 4000;
/** What the acknowledgement promises: an operator answers within this many minutes (service hours). */
export const SERVICE_REPLY_MINUTES = 30;
export const serviceQueryKey = [...MESSAGES_QUERY_KEY, 'service', SERVICE_PEER_ID] as const;
export { FEEDBACK_MAX_IMAGES };
export const FEEDBACK_TYPES = feedbackTypes;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const faqQueryOptions = () =>
  queryOptions({
    queryKey: ['help', 'faq'],
    queryFn: () => call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 100, categoryId: FAQ_CATEGORY } }, { silent: true }),
  });

export const serviceMessagesQueryOptions = () =>
  queryOptions({
    queryKey: serviceQueryKey,
    queryFn: () => call(endpoints.imMessagePage, { body: { page: 1, pageSize: 50, peerId: SERVICE_PEER_ID } }, { silent: true }),
    refetchInterval: SERVICE_POLL_MS,
  });

export const sendServiceMessage = (content: string) => call(endpoints.serviceSend, { body: { content } });

export const addFeedback = (body: BodyOf<typeof endpoints.feedbackAdd>) => call(endpoints.feedbackAdd, { body });

export const addReport = (body: BodyOf<typeof endpoints.reportAdd>) => call(endpoints.reportAdd, { body });

/** Uploads one image and answers its URL. */
export const uploadImage = async (file: Blob, onProgress: (p: Progress) => void): Promise<string> =>
  (await uploadAttachment(file, { onProgress })).url;
