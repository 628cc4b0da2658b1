import type { ImMessage, ImMessageType } from '@app/contract';

// The message centre as every module reaches it; the im-message module implements it.
/** What a notice says; `type` is one of the message-centre types (not `chat`). */
export interface NotifyInput {
  type: Exclude<ImMessageType, 'chat'>;
  title: string;
  content: string;
  link?: string | null;
  data?: Record<string, unknown> | null;
  /** Who caused it (commenter, liker, 10086); null/absent = the system. */
  senderId?: number | null;
  /** The other party shown with it (defaults to `senderId`). */
  peerId?: number | null;
}

/** Stores a message-centre notice for the user and pushes it live (`ReceiveMessage`, `UnreadCount`). */
export type Notify = (tenantId: number, uid: number, input: NotifyInput) => Promise<ImMessage>;
