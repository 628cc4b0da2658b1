import {
  hubEvents,
  imNoticeTypes,
  type ImMessage,
  type ImMessagePageResult,
  type ReceiveMessagePayload,
} from '@app/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Hub } from '../../platform/hub/hub.js';
import type { NoticeInTx, Notify, NotifyInput } from '../../platform/notify.js';
import {
  noticeRow,
  type ImMessageRepositories,
  type ImMessageRepository,
  type PageFilter,
} from './im-message.repository.js';
import './im-message.messages.js';

interface ImMessageDeps {
  store: ImMessageRepositories;
  clock: Clock;
  hub: Hub;
}
type ImMessageParts = ImMessageDeps & {
  repo: ImMessageRepository;
  /** Pushes a user's unread count live; answers it. */
  pushUnread: (tenantId: number, recipientId: number) => Promise<number>;
};

/** Sending notices: stored (with a caller's transaction or an audit row, or once by key), then pushed live. */
const createNoticeSending = ({ store, clock, hub, repo, pushUnread }: ImMessageParts) => {
  /**
   * Stores a notice with `tx` (a caller's transaction, when the notice belongs to its change; the pool when the
   * platform hands no transaction); not yet pushed.
   */
  const storeNotice = (tx: DbOrTx, tenantId: number, recipientId: number, input: NotifyInput) => {
    const { messages } = store.over(tx);
    return messages.insert(noticeRow(tenantId, recipientId, input, clock.now()));
  };

  /**
   * Pushes a stored notice live with the new unread count (after its transaction committed), with its title's and
   * content's translations: the push does not know the reader's language, the app picks its own.
   */
  const pushNotice = async (
    tenantId: number,
    recipientId: number,
    message: ImMessage,
    input: NotifyInput,
  ) => {
    const payload: ReceiveMessagePayload = input.i18n
      ? { ...message, translations: input.i18n as ReceiveMessagePayload['translations'] }
      : message;
    await hub.sendToUser(recipientId, hubEvents.receiveMessage, payload);
    await pushUnread(tenantId, recipientId);
  };

  const notify: Notify = async (tenantId, recipientId, input) => {
    if (input.once) {
      const { once, ...rest } = input;
      const { message, created } = await repo.insertOnce({
        ...noticeRow(tenantId, recipientId, rest, clock.now()),
        onceKey: once,
      });
      // A repeat (another worker, a retry) was sent already: nothing stored, nothing pushed.
      if (created) await pushNotice(tenantId, recipientId, message, rest);
      return message;
    }
    const message = await repo.insert(noticeRow(tenantId, recipientId, input, clock.now()));
    await pushNotice(tenantId, recipientId, message, input);
    return message;
  };

  /**
   * An operator's notice: stored with the audit row of the operator's action in one transaction (the audit
   * entry gets the stored message's id), then pushed live.
   */
  const notifyAudited = async (
    actor: Actor,
    recipientId: number,
    input: NotifyInput,
    audit: (message: ImMessage) => AuditEntry,
  ) => {
    const message = await store.transaction(async ({ messages }, tx) => {
      const stored = await messages.insert(noticeRow(actor.tenantId, recipientId, input, clock.now()));
      await writeAudit(tx, actor, audit(stored));
      return stored;
    });
    await pushNotice(actor.tenantId, recipientId, message, input);
    return message;
  };

  const noticeInTx: NoticeInTx = async (tx, tenantId, recipientId, input) => {
    const message = await storeNotice(tx, tenantId, recipientId, input);
    return () => pushNotice(tenantId, recipientId, message, input);
  };

  return { notify, noticeInTx, notifyAudited };
};

/** The user's inbox: conversation lines, pages grouped by day, read marks and unread counts. */
const createInbox = ({ store, clock, repo, pushUnread }: ImMessageParts) => {
  const { users } = store.repos;
  return {
    /**
     * Appends one line of a conversation (robot 999 chat history, a question to customer service):
     * stored read, not pushed (the chat page shows it already). `ownerId` is the user whose conversation it is,
     * `senderId` that user or the peer.
     */
    async appendChat(
      tenantId: number,
      ownerId: number,
      input: { peerId: number; senderId: number; content: string; data?: Record<string, unknown> | null },
    ): Promise<ImMessage> {
      return repo.insert({
        tenantId,
        userId: ownerId,
        type: 'chat',
        title: '',
        content: input.content,
        link: null,
        data: input.data ?? null,
        senderId: input.senderId,
        peerId: input.peerId,
        checked: true,
        receiveTime: clock.now(),
      });
    },

    /** The caller's messages, titles and contents in the caller's language. */
    async page({ tenantId, uid, locale }: Actor, filter: PageFilter): Promise<ImMessagePageResult> {
      const [{ items, total, hasMore, nextCursor }, unread] = await Promise.all([
        repo.page(tenantId, uid, { ...filter, locale }),
        repo.unread(tenantId, uid),
      ]);
      const groups: ImMessagePageResult['groups'] = [];
      for (const item of items) {
        const last = groups.at(-1);
        if (last?.date === item.date) last.items.push(item);
        else groups.push({ date: item.date, items: [item] });
      }
      return {
        items,
        groups,
        total,
        hasMore,
        nextCursor,
        page: filter.page,
        pageSize: filter.pageSize,
        unread,
      };
    },

    async markRead(
      { tenantId, uid }: Actor,
      target: { ids?: number[]; all?: boolean; peerId?: number },
    ): Promise<{ updated: number; unread: number }> {
      const updated = await repo.markRead(tenantId, uid, {
        ids: target.all ? undefined : (target.ids ?? []),
        peerId: target.peerId,
      });
      const unread = updated ? await pushUnread(tenantId, uid) : await repo.unread(tenantId, uid);
      return { updated, unread };
    },

    async unreadCount({ tenantId, uid }: Actor) {
      const byType = await repo.unreadByType(tenantId, uid);
      const all = Object.fromEntries(imNoticeTypes.map((t) => [t, byType[t] ?? 0]));
      return { unread: Object.values(all).reduce((a, b) => a + b, 0), byType: all };
    },

    /** Every user's conversation with `peerId`, the latest first (operators' inbox). */
    conversationsWith: repo.conversationsWith,
    /** One user's conversation with `peerId`, newest first. */
    conversationPage: repo.conversationPage,

    /** True when the recipient exists in the tenant and is not deleted. */
    async userExists(tenantId: number, recipientId: number): Promise<boolean> {
      return (await users.liveById(tenantId, recipientId)) !== undefined;
    },
  };
};

export const createImMessageService = (deps: ImMessageDeps) => {
  const repo = deps.store.repos.messages;
  const pushUnread = async (tenantId: number, recipientId: number) => {
    const unread = await repo.unread(tenantId, recipientId);
    await deps.hub.sendToUser(recipientId, hubEvents.unreadCount, { unread });
    return unread;
  };
  const parts = { ...deps, repo, pushUnread };
  return {
    ...createNoticeSending(parts),
    ...createInbox(parts),
  };
};
export type ImMessageService = ReturnType<typeof createImMessageService>;
