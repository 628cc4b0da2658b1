import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { tenantId } from '../../platform/db/tenant.table.js';

export const commonInfo = pgTable(
  'common_info',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    cover: text('cover'),
    link: text('link'),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    /** Natural key for the idempotent seed. */
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('common_info_list_idx').on(t.tenantId, t.categoryId, t.sort),
    uniqueIndex('common_info_seed_uq').on(t.tenantId, t.seedKey),
  ],
);
