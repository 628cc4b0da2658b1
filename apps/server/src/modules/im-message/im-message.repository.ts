import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  imMessageTypes,
  imNoticeTypes,
  type ImMessage,
  type ImMessageType,
  type Locale,
  type ServiceConversation,
} from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import type { NotifyInput } from '../../platform/notify.js';
import { shanghaiDate } from '../../platform/clock.js';
import { paged, type Page } from '../../platform/db/paged.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { localize } from '../../platform/i18n/stored-translations.js';
import { imMessages, imMessageUnread } from './im-message.table.js';
import { afterCursor, keysetPage } from '../../platform/db/keyset-page.js';

type Row = Omit<typeof imMessages.$inferSelect, 'onceKey'>;
type NewImMessage = Omit<typeof imMessages.$inferInsert, 'id'>;

/**
 * A stored row as the API answers it, its title and content in the reader's language: a notice keeps their
 * translations in `data.i18n` (written with it), which the answer's `data` leaves out.
 */
const toImMessage = (row: Row, locale: Locale = 'zh-Hans'): ImMessage => {
  const { i18n, ...data } = row.data ?? {};
  const texts = localize({ title: row.title, content: row.content }, i18n, locale);
  return {
    id: row.id,
    type: (imMessageTypes as readonly string[]).includes(row.type) ? (row.type as ImMessageType) : 'system',
    title: texts.title,
    content: texts.content,
    link: row.link,
    data: row.data && (i18n === undefined || Object.keys(data).length) ? data : null,
    checked: row.checked,
    senderId: row.senderId,
    peerId: row.peerId,
    receiveTime: row.receiveTime.toISOString(),
    date: shanghaiDate(row.receiveTime),
  };
};

/** Conversation types: lines of a chat and the peer's service replies. */
const conversationTypes: ImMessageType[] = ['chat', 'service'];

export interface PageFilter {
  page: number;
  pageSize: number;
  /** The id of the previous page's last message. */
  cursor?: number;
  types?: ImMessageType[];
  peerId?: number;
  checked?: boolean;
  /** The reader's language (titles and contents with stored translations answer in it). */
  locale?: Locale;
}

const owner = (tenantId: number, uid: number) =>
  and(eq(imMessages.tenantId, tenantId), eq(imMessages.userId, uid));

/** The owner's unread notices by type, from the counters the triggers keep (no count over the messages). */
const unreadCounters = (db: DbOrTx, tenantId: number, uid: number) =>
  db
    .select({ type: imMessageUnread.type, n: imMessageUnread.unread })
    .from(imMessageUnread)
    .where(
      and(
        eq(imMessageUnread.tenantId, tenantId),
        eq(imMessageUnread.userId, uid),
        inArray(imMessageUnread.type, [...imNoticeTypes]),
      ),
    );

/** A user's messages: stored (once by key), paged, counted unread and marked read. */
const createInboxQueries = (db: DbOrTx) => ({
  async insert(values: NewImMessage): Promise<ImMessage> {
    const [row] = await db.insert(imMessages).values(values).returning();
    return toImMessage(row!);
  },

  /**
   * Stores a notice unless its user already has one with its `onceKey` (the unique index decides, whichever
   * process comes first): the message and whether this call stored it (false: the earlier one, unchanged).
   */
  async insertOnce(
    values: NewImMessage & { onceKey: string },
  ): Promise<{ message: ImMessage; created: boolean }> {
    const [row] = await db.insert(imMessages).values(values).onConflictDoNothing().returning();
    if (row) return { message: toImMessage(row), created: true };
    const [earlier] = await db
      .select()
      .from(imMessages)
      .where(
        and(
          eq(imMessages.tenantId, values.tenantId),
          eq(imMessages.userId, values.userId),
          eq(imMessages.onceKey, values.onceKey),
        ),
      )
      .limit(1);
    return { message: toImMessage(earlier!), created: false };
  },

  async page(tenantId: number, uid: number, filter: PageFilter) {
    const conditions: (SQL | undefined)[] = [owner(tenantId, uid)];
    if (filter.peerId !== undefined) {
      conditions.push(eq(imMessages.peerId, filter.peerId));
      const types = filter.types
        ? filter.types.filter((t) => conversationTypes.includes(t))
        : conversationTypes;
      conditions.push(types.length ? inArray(imMessages.type, types) : sql`false`);
    } else {
      conditions.push(inArray(imMessages.type, filter.types ?? [...imNoticeTypes]));
    }
    if (filter.checked !== undefined) conditions.push(eq(imMessages.checked, filter.checked));
    if (filter.cursor)
      conditions.push(afterCursor(imMessages, [imMessages.receiveTime], imMessages.id, filter.cursor));
    const page = await keysetPage(
      filter,
      db
        .select()
        .from(imMessages)
        .where(and(...conditions))
        .orderBy(desc(imMessages.receiveTime), desc(imMessages.id)),
      (row) => row.id,
    );
    return { ...page, items: page.items.map((row) => toImMessage(row, filter.locale)) };
  },

  async unreadByType(tenantId: number, uid: number): Promise<Record<string, number>> {
    const rows = await unreadCounters(db, tenantId, uid);
    return Object.fromEntries(rows.map((r) => [r.type, r.n]));
  },

  async unread(tenantId: number, uid: number): Promise<number> {
    const rows = await unreadCounters(db, tenantId, uid);
    return rows.reduce((sum, r) => sum + r.n, 0);
  },

  /** Marks the owner's unread messages read: the given ids, or all (of one peer). Returns how many. */
  async markRead(
    tenantId: number,
    uid: number,
    target: { ids?: number[]; peerId?: number },
  ): Promise<number> {
    const conditions: (SQL | undefined)[] = [owner(tenantId, uid), eq(imMessages.checked, false)];
    if (target.ids) conditions.push(inArray(imMessages.id, target.ids));
    if (target.peerId !== undefined) conditions.push(eq(imMessages.peerId, target.peerId));
    const rows = await db
      .update(imMessages)
      .set({ checked: true })
      .where(and(...conditions))
      .returning({ id: imMessages.id });
    return rows.length;
  },
});

/** Conversations with a peer (customer service): every user's latest line, and one user's lines. */
const createConversationQueries = (db: DbOrTx) => ({
  /**
   * Every user's conversation with one peer (customer service), the latest line first, with its line count;
   * `waiting` true keeps those where the user wrote last, false those the peer answered last.
   */
  async conversationsWith(
    tenantId: number,
    peerId: number,
    filter: { page: number; pageSize: number; waiting?: boolean },
  ): Promise<Page<ServiceConversation>> {
    const withPeer = and(
      eq(imMessages.tenantId, tenantId),
      eq(imMessages.peerId, peerId),
      inArray(imMessages.type, conversationTypes),
    );
    const last = db
      .selectDistinctOn([imMessages.userId])
      .from(imMessages)
      .where(withPeer)
      .orderBy(imMessages.userId, desc(imMessages.receiveTime), desc(imMessages.id))
      .as('last');
    const where =
      filter.waiting === undefined
        ? undefined
        : filter.waiting
          ? ne(last.senderId, peerId)
          : eq(last.senderId, peerId);
    const page = await paged(
      filter,
      db
        .select({
          message: {
            id: last.id,
            tenantId: last.tenantId,
            userId: last.userId,
            type: last.type,
            title: last.title,
            content: last.content,
            link: last.link,
            data: last.data,
            senderId: last.senderId,
            peerId: last.peerId,
            checked: last.checked,
            receiveTime: last.receiveTime,
          },
          user: authorSummaryColumns,
        })
        .from(last)
        .innerJoin(users, eq(users.id, last.userId))
        .where(where)
        .orderBy(desc(last.receiveTime), desc(last.id)),
      db.select({ total: count() }).from(last).where(where),
    );
    const counts = new Map<number, number>();
    if (page.items.length) {
      const list = await db
        .select({ userId: imMessages.userId, n: count() })
        .from(imMessages)
        .where(
          and(
            withPeer,
            inArray(
              imMessages.userId,
              page.items.map((r) => r.user.id),
            ),
          ),
        )
        .groupBy(imMessages.userId);
      for (const c of list) counts.set(c.userId, c.n);
    }
    return {
      ...page,
      items: page.items.map((r) => ({
        user: authorSummary(r.user),
        lastMessage: toImMessage(r.message),
        waiting: r.message.senderId !== peerId,
        messageCount: counts.get(r.user.id) ?? 0,
      })),
    };
  },

  /** One user's conversation with a peer, newest first (the same rows the user sees). */
  async conversationPage(
    tenantId: number,
    uid: number,
    peerId: number,
    filter: { page: number; pageSize: number },
  ): Promise<Page<ImMessage>> {
    const where = and(
      owner(tenantId, uid),
      eq(imMessages.peerId, peerId),
      inArray(imMessages.type, conversationTypes),
    );
    const page = await paged(
      filter,
      db.select().from(imMessages).where(where).orderBy(desc(imMessages.receiveTime), desc(imMessages.id)),
      db.select({ total: count() }).from(imMessages).where(where),
    );
    return { ...page, items: page.items.map((row) => toImMessage(row)) };
  },
});

const createImMessageRepository = (db: DbOrTx) => ({
  ...createInboxQueries(db),
  ...createConversationQueries(db),
});
export type ImMessageRepository = ReturnType<typeof createImMessageRepository>;

/** The message centre's repositories, made once per service (over the pool, or a transaction's). */
export const createImMessageRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    messages: createImMessageRepository(executor),
    users: createUsersRepository(executor),
  }));
export type ImMessageRepositories = ReturnType<typeof createImMessageRepositories>;

/**
 * Stores a message-centre notice with the caller's transaction, so it commits or rolls back with the change it
 * tells of (e.g. the welcome gift of a sign-up). Not pushed: the caller pushes after commit when someone listens.
 */
export const storeNoticeInTx = (
  tx: DbOrTx,
  notice: { tenantId: number; uid: number; at: Date; input: NotifyInput },
): Promise<ImMessage> =>
  createImMessageRepository(tx).insert(noticeRow(notice.tenantId, notice.uid, notice.input, notice.at));

/** The stored row of a notice to `recipientId`, received at `at` (unread). */
export const noticeRow = (tenantId: number, recipientId: number, input: NotifyInput, at: Date) => ({
  tenantId,
  userId: recipientId,
  type: input.type,
  title: input.title,
  content: input.content,
  link: input.link ?? null,
  data: input.i18n ? { ...input.data, i18n: input.i18n } : (input.data ?? null),
  senderId: input.senderId ?? null,
  peerId: input.peerId ?? input.senderId ?? null,
  checked: false,
  receiveTime: at,
});
