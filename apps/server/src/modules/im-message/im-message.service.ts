import {
  hubEvents,
  imNoticeTypes,
  type ImMessage,
  type ImMessagePageResult,
  type ImMessageType,
} from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Hub } from '../../platform/hub/hub.js';
import { users } from '../users/user.table.js';
import { createImMessageRepository, type PageFilter } from './im-message.repository.js';
import './im-message.messages.js';

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

export const createImMessageService = (deps: { db: Db; clock: Clock; hub: Hub }) => {
  const repo = createImMessageRepository(deps.db);

  const pushUnread = async (tenantId: number, uid: number) => {
    const unread = await repo.unread(tenantId, uid);
    await deps.hub.sendToUser(uid, hubEvents.unreadCount, { unread });
    return unread;
  };

  const notify: Notify = async (tenantId, uid, input) => {
    const message = await repo.insert({
      tenantId,
      userId: uid,
      type: input.type,
      title: input.title,
      content: input.content,
      link: input.link ?? null,
      data: input.data ?? null,
      senderId: input.senderId ?? null,
      peerId: input.peerId ?? input.senderId ?? null,
      checked: false,
      receiveTime: deps.clock.now(),
    });
    await deps.hub.sendToUser(uid, hubEvents.receiveMessage, message);
    await pushUnread(tenantId, uid);
    return message;
  };

  return {
    notify,

    /**
     * Appends one line of a conversation (robot 999 chat history, a question to customer service):
     * stored read, not pushed (the chat page shows it already). `senderId` is the user or the peer.
     */
    async appendChat(
      tenantId: number,
      uid: number,
      input: { peerId: number; senderId: number; content: string; data?: Record<string, unknown> | null },
    ): Promise<ImMessage> {
      return repo.insert({
        tenantId,
        userId: uid,
        type: 'chat',
        title: '',
        content: input.content,
        link: null,
        data: input.data ?? null,
        senderId: input.senderId,
        peerId: input.peerId,
        checked: true,
        receiveTime: deps.clock.now(),
      });
    },

    async page(tenantId: number, uid: number, filter: PageFilter): Promise<ImMessagePageResult> {
      const [{ items, total }, unread] = await Promise.all([
        repo.page(tenantId, uid, filter),
        repo.unread(tenantId, uid),
      ]);
      const groups: ImMessagePageResult['groups'] = [];
      for (const item of items) {
        const last = groups.at(-1);
        if (last?.date === item.date) last.items.push(item);
        else groups.push({ date: item.date, items: [item] });
      }
      return { items, groups, total, page: filter.page, pageSize: filter.pageSize, unread };
    },

    async markRead(
      tenantId: number,
      uid: number,
      target: { ids?: number[]; all?: boolean; peerId?: number },
    ): Promise<{ updated: number; unread: number }> {
      const updated = await repo.markRead(tenantId, uid, {
        ids: target.all ? undefined : (target.ids ?? []),
        peerId: target.peerId,
      });
      const unread = updated ? await pushUnread(tenantId, uid) : await repo.unread(tenantId, uid);
      return { updated, unread };
    },

    async unreadCount(tenantId: number, uid: number) {
      const byType = await repo.unreadByType(tenantId, uid);
      const all = Object.fromEntries(imNoticeTypes.map((t) => [t, byType[t] ?? 0]));
      return { unread: Object.values(all).reduce((a, b) => a + b, 0), byType: all };
    },

    /** True when the user exists in the tenant and is not deleted. */
    async userExists(tenantId: number, uid: number): Promise<boolean> {
      const rows = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, uid), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
        .limit(1);
      return rows.length > 0;
    },
  };
};
export type ImMessageService = ReturnType<typeof createImMessageService>;
