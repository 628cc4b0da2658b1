import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenant', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every tenant-owned table starts with this column. */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);
