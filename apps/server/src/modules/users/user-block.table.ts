import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/** Spec §3 block list: the authors a user blocked; their content is hidden from that user. */
export const userBlocks = pgTable(
  'user_block',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    blockedUserId: integer('blocked_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.blockedUserId] }),
    index('user_block_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
