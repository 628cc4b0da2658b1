import { z } from 'zod';
import { imMessageSchema } from './im-message.js';
import { orderPaidPayloadSchema } from './commerce.js';
import { LOCALES } from './enums.js';

/**
 * The realtime hub at `/hubs/onlineUser`: ASP.NET Core SignalR, JSON hub protocol v1, WebSockets transport.
 *
 * Connecting (any SignalR client, e.g. `@microsoft/signalr`):
 * - `new HubConnectionBuilder().withUrl('/hubs/onlineUser', { accessTokenFactory: () => accessToken })`;
 *   negotiation (`POST /hubs/onlineUser/negotiate?negotiateVersion=1`) or `skipNegotiation: true` with
 *   `transport: HttpTransportType.WebSockets` both work. The access token travels in the `access_token`
 *   query (browsers) or the `Authorization: Bearer` header (Node). Guest tokens may connect; they receive
 *   nothing user-specific.
 * - A missing, invalid, expired or revoked token is refused with HTTP 401 at negotiate and at the upgrade.
 *   The client should then stop reconnecting and send the user to log in.
 * - The server pings every 15 s and closes a connection it has not heard from for 30 s (the client's
 *   `serverTimeoutInMilliseconds` should be 30 000, `keepAliveIntervalInMilliseconds` at most 15 000).
 * - The session is re-checked on every server ping: a revoked session gets `ForceOffline` then a close
 *   message with `allowReconnect: false` and `error` = `hubCloseReasons.*`.
 *
 * Server → client events are named by `hubEvents`, each with one argument described by its schema.
 */
export const hubPath = '/hubs/onlineUser';

/** Names of the events the server sends (`connection.on(name, (payload) => …)`). */
export const hubEvents = {
  /** A new message-centre message for this user (also sent for customer-service replies). */
  receiveMessage: 'ReceiveMessage',
  /** The user's unread message count changed (after a new message or after marking read elsewhere). */
  unreadCount: 'UnreadCount',
  /** This session was ended by the server (password changed, account deleted, logged out elsewhere…). */
  forceOffline: 'ForceOffline',
  /** Progress or state change of one of the user's background jobs (AI drawing, dubbing, video…). */
  jobProgress: 'JobProgress',
  /** One of the user's orders was paid: `{ orderId, orderNo, state }`; the page may refetch the detail. */
  orderPaid: 'order_paid',
} as const;
export type HubEventName = (typeof hubEvents)[keyof typeof hubEvents];

/** Why the server closed a connection: the `error` text of the close message and `ForceOffline.reason`. */
export const hubCloseReasons = {
  /** The user's password changed: log in again. */
  passwordChanged: 'password_changed',
  /** The account was deleted or disabled. */
  accountDeleted: 'account_deleted',
  /** An operator banned the account: log-in is refused until the ban ends. */
  accountBanned: 'account_banned',
  /** The session was revoked (logout, refresh-token reuse, operator action). */
  sessionRevoked: 'session_revoked',
  /** No message from the client within the server timeout (30 s). */
  timeout: 'timeout',
  /** The server is shutting down: reconnect (to another instance). */
  serverShutdown: 'server_shutdown',
} as const;
export type HubCloseReason = (typeof hubCloseReasons)[keyof typeof hubCloseReasons];

/**
 * A pushed message is stored in zh-Hans (the push does not know the reader's language): it brings its title and
 * content in the other languages, for the live toast (the message centre answers in the caller's language itself).
 */
export const receiveMessagePayloadSchema = imMessageSchema.extend({
  translations: z
    .partialRecord(
      z.enum(LOCALES.filter((l) => l !== 'zh-Hans') as ['zh-Hant', 'en', 'es', 'fr']),
      z.object({ title: z.string().optional(), content: z.string().optional() }),
    )
    .optional(),
});
export type ReceiveMessagePayload = z.infer<typeof receiveMessagePayloadSchema>;

export const unreadCountPayloadSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCountPayload = z.infer<typeof unreadCountPayloadSchema>;

export const forceOfflinePayloadSchema = z.object({
  reason: z.string(),
  /** Human-readable text in the user's language is chosen by the client from `reason`. */
  time: z.string(),
});
export type ForceOfflinePayload = z.infer<typeof forceOfflinePayloadSchema>;

/** Job states (spec: queued, running, succeeded, failed, canceled). */
export const jobStates = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobProgressPayloadSchema = z.object({
  jobId: z.number().int(),
  /** Job type, e.g. `ai_draw`, `text_to_speech`, `article_to_video`. */
  type: z.string(),
  state: jobStateSchema,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Stage name of the handler (e.g. `script`, `voice`, `render`); null before the first report. */
  stage: z.string().nullable(),
  /** Attempts started so far (1 on the first run). */
  attempts: z.number().int().min(0),
  /** Error id when failed, or the last attempt's error while it waits for a retry. */
  error: z.string().nullable(),
  /** Handler result when succeeded (e.g. `{ url }`). */
  result: z.unknown().nullable(),
  time: z.string(),
});
export type JobProgressPayload = z.infer<typeof jobProgressPayloadSchema>;

/** The one argument of each server → client event. */
export interface HubEventPayloads {
  ReceiveMessage: ReceiveMessagePayload;
  UnreadCount: UnreadCountPayload;
  ForceOffline: ForceOfflinePayload;
  JobProgress: JobProgressPayload;
  order_paid: z.infer<typeof orderPaidPayloadSchema>;
}

/**
 * Methods a client may call (`connection.invoke(name, ...args)`), who may call them, and their result.
 * Any other name, or a method the caller's role may not call, completes with an error
 * (`Unknown hub method 'X'` / `Failed to invoke 'X' because user is unauthorized`). No method lets a client
 * force anyone offline.
 */
export const hubMethods = {
  /** Anyone connected (guests included): `Ping()` → server time ISO string. */
  ping: { name: 'Ping', auth: 'visitor' },
  /** Anyone connected: `GetOnlineCount()` → number of distinct logged-in users online. */
  getOnlineCount: { name: 'GetOnlineCount', auth: 'visitor' },
  /** Users: `GetUnreadCount()` → `{ unread }`. */
  getUnreadCount: { name: 'GetUnreadCount', auth: 'user' },
  /** Users: `MarkRead(ids?: number[])` (no ids = all) → `{ updated, unread }`. */
  markRead: { name: 'MarkRead', auth: 'user' },
  /** Operators: `SendToUser(uid, content)` — a customer-service reply; → the stored message. */
  sendToUser: { name: 'SendToUser', auth: 'admin' },
} as const;
export type HubMethodName = (typeof hubMethods)[keyof typeof hubMethods]['name'];

export const markReadArgsSchema = z.tuple([z.array(z.number().int().positive()).max(500).nullish()]);
export const sendToUserArgsSchema = z.tuple([
  z.number().int().positive(),
  z.string().trim().min(1).max(2000),
]);
