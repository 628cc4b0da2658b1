/**
 * The query key every message-centre query lives under (notices, unread count, the customer-service chat): the
 * realtime bridge refreshes all of it when the hub delivers a new message.
 */
export const MESSAGES_QUERY_KEY = ['notify'] as const;
