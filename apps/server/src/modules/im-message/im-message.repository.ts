import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { imMessageTypes, imNoticeTypes, type ImMessage, type ImMessageType } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { shanghaiDate } from '../../platform/clock.js';
import { imMessages } from './im-message.table.js';

type Row = typeof imMessages.$inferSelect;
export type NewImMessage = Omit<typeof imMessages.$inferInsert, 'id'>;

export const toImMessage = (row: Row): ImMessage => ({
  id: row.id,
  type: (imMessageTypes as readonly string[]).includes(row.type) ? (row.type as ImMessageType) : 'system',
  title: row.title,
  content: row.content,
  link: row.link,
  data: row.data ?? null,
  checked: row.checked,
  senderId: row.senderId,
  peerId: row.peerId,
  receiveTime: row.receiveTime.toISOString(),
  date: shanghaiDate(row.receiveTime),
});

/** Conversation types: lines of a chat and the peer's service replies. */
const conversationTypes: ImMessageType[] = ['chat', 'service'];

export interface PageFilter {
  page: number;
  pageSize: number;
  types?: ImMessageType[];
  peerId?: number;
  checked?: boolean;
}

export const createImMessageRepository = (db: DbOrTx) => {
  const owner = (tenantId: number, uid: number) =>
    and(eq(imMessages.tenantId, tenantId), eq(imMessages.userId, uid));
  const unreadWhere = (tenantId: number, uid: number) =>
    and(owner(tenantId, uid), eq(imMessages.checked, false), inArray(imMessages.type, [...imNoticeTypes]));

  return {
    async insert(values: NewImMessage): Promise<ImMessage> {
      const [row] = await db.insert(imMessages).values(values).returning();
      return toImMessage(row!);
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
      const where = and(...conditions);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(imMessages)
          .where(where)
          .orderBy(desc(imMessages.receiveTime), desc(imMessages.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ total: count() }).from(imMessages).where(where),
      ]);
      return { items: rows.map(toImMessage), total: totalRow?.total ?? 0 };
    },

    async unreadByType(tenantId: number, uid: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ type: imMessages.type, n: count() })
        .from(imMessages)
        .where(unreadWhere(tenantId, uid))
        .groupBy(imMessages.type);
      return Object.fromEntries(rows.map((r) => [r.type, r.n]));
    },

    async unread(tenantId: number, uid: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(imMessages).where(unreadWhere(tenantId, uid));
      return row?.n ?? 0;
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
  };
};
