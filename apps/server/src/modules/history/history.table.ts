import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/** What a user read or generated (`/pages/index/history`); one row per thing, its time bumped on repeat. */
export const userHistory = pgTable(
  'user_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'read' | 'generated'>().notNull(),
    refType: text('ref_type').notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    cover: text('cover'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('user_history_kind_check', sql`${t.kind} IN ('read', 'generated')`),
    uniqueIndex('user_history_ref_uq').on(t.tenantId, t.userId, t.kind, t.refType, t.refId),
    index('user_history_list_idx').on(t.tenantId, t.userId, t.updatedAt.desc()),
  ],
);
