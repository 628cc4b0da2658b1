import type { ImMessage, ImMessageType } from '@app/contract';
import { translate } from './i18n/i18n.js';
import { messageTranslations, type StoredTranslations } from './i18n/stored-translations.js';

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
  /** `title` and `content` in the other languages (the message centre answers in the reader's language). */
  i18n?: StoredTranslations;
}

/** A notice title from the message catalogue: zh-Hans stored, the other languages as its translations. */
export const noticeTitle = (key: string, params: Record<string, string | number> = {}) => ({
  title: translate('zh-Hans', key, params),
  i18n: messageTranslations(['title'], key, params),
});

/** Stores a message-centre notice for the user and pushes it live (`ReceiveMessage`, `UnreadCount`). */
export type Notify = (tenantId: number, uid: number, input: NotifyInput) => Promise<ImMessage>;
