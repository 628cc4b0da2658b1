import type { ImMessage, ImMessageType } from '@app/contract';
import type { DbOrTx } from './db/client.js';
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
  /**
   * Sends it at most once per user and key (e.g. `task:ai_draw:42`): a repeat from a retry or another process is
   * neither stored nor pushed (`notify` answers the earlier one).
   */
  once?: string;
}

/** A notice title from the message catalogue: zh-Hans stored, the other languages as its translations. */
export const noticeTitle = (key: string, params: Record<string, string | number> = {}) => ({
  title: translate('zh-Hans', key, params),
  i18n: messageTranslations(['title'], key, params),
});

/**
 * A notice's title and content from catalogue messages (their own keys; `params` fill both, in every language):
 * zh-Hans stored, the other languages as its translations. An operator's reason passed in `params` stays as written.
 */
export const noticeTexts = (
  keys: { title: string; content: string },
  params: Record<string, string | number> = {},
) => {
  const titles = messageTranslations(['title'], keys.title, params);
  const contents = messageTranslations(['content'], keys.content, params);
  const i18n: StoredTranslations = {};
  for (const [locale, title] of Object.entries(titles) as [
    keyof StoredTranslations,
    Record<string, string>,
  ][])
    i18n[locale] = { ...title, ...contents[locale] };
  return {
    title: translate('zh-Hans', keys.title, params),
    content: translate('zh-Hans', keys.content, params),
    i18n,
  };
};

/** Stores a message-centre notice for the user and pushes it live (`ReceiveMessage`, `UnreadCount`). */
export type Notify = (tenantId: number, uid: number, input: NotifyInput) => Promise<ImMessage>;

/**
 * Stores a notice with the caller's transaction (it commits or rolls back with the change it tells of) and
 * answers its push, to run once that transaction committed.
 */
export type NoticeInTx = (
  tx: DbOrTx,
  tenantId: number,
  uid: number,
  input: NotifyInput,
) => Promise<() => Promise<void>>;

/**
 * An operator decision's notice (`keys.title` says what it is about, `keys.content` what was decided) stored with
 * the decision, its audit row and its change in one transaction; answers the push for after the commit, which
 * logs a failure and never undoes the decision.
 */
export const decisionNoticeInTx = async (
  noticeInTx: NoticeInTx,
  log: { warn(obj: object, msg: string): void },
  tx: DbOrTx,
  notice: {
    tenantId: number;
    uid: number;
    keys: { title: string; content: string };
    params?: Record<string, string | number>;
    /** The app page the notice opens (the decided work). */
    link?: string;
  },
): Promise<() => Promise<void>> => {
  const push = await noticeInTx(tx, notice.tenantId, notice.uid, {
    type: 'system',
    ...noticeTexts(notice.keys, notice.params ?? {}),
    ...(notice.link ? { link: notice.link } : {}),
  });
  return () =>
    push().catch((error: unknown) =>
      log.warn({ err: error, key: notice.keys.content }, 'decision notice push failed'),
    );
};
