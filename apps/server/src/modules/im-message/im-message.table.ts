import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/**
 * Message centre notices (comment, like, real_name, job, service, system) and conversation lines (chat)
 * between a user and a peer (robot 999, customer service 10086). One row belongs to one user.
 */
export const imMessages = pgTable(
  'im_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** The owner: whose message centre or conversation this row is in. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Who wrote it (the owner, 999, 10086, another user); null = the system. */
    senderId: integer('sender_id'),
    /** The other party (999, 10086, the user who commented or liked); null for system notices. */
    peerId: integer('peer_id'),
    checked: boolean('checked').notNull().default(false),
    receiveTime: timestamp('receive_time', { withTimezone: true }).notNull(),
    /**
     * A notice that must reach its user once (a task's outcome, seen by several workers or retries): a second
     * one with the same key for the same user is neither stored nor pushed.
     */
    onceKey: text('once_key'),
  },
  (t) => [
    // The message centre, newest first (keyset on receive_time, id): every notice type (type checked in the
    // index), or one type.
    index('im_message_user_recent_idx').on(t.tenantId, t.userId, t.receiveTime, t.id, t.type),
    index('im_message_user_type_time_idx').on(t.tenantId, t.userId, t.type, t.receiveTime, t.id),
    index('im_message_user_peer_idx').on(t.tenantId, t.userId, t.peerId, t.receiveTime),
    index('im_message_unread_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.checked} = false`),
    uniqueIndex('im_message_once_uq')
      .on(t.tenantId, t.userId, t.onceKey)
      .where(sql`${t.onceKey} is not null`),
  ],
);

/**
 * Unread messages per owner and type, kept by statement triggers on `im_message` (migration
 * 0027_im-message-unread-triggers) in the same transaction as every insert, update and delete, whoever writes:
 * the badge and the message centre read one row per type instead of counting.
 */
export const imMessageUnread = pgTable(
  'im_message_unread',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.type] })],
);
