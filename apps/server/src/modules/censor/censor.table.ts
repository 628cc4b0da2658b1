import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';

/** The operator-editable sensitive-word list, seeded from `platform/censor/sensitive-words.ts`. */
export const sensitiveWords = pgTable(
  'sys_sensitive_word',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    word: text('word').notNull(),
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_sensitive_word_uq').on(t.tenantId, t.word)],
);
