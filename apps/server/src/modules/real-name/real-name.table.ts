import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/**
 * Real-name submissions, one per user. The ID number is kept only encrypted (AES-256-GCM) plus its
 * masked form for lists; status follows RealNameStatus (1 pending, 2 approved, 4 rejected).
 */
export const realNames = pgTable(
  'user_real_name',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    realName: text('real_name').notNull(),
    /** base64url(iv).base64url(ciphertext).base64url(tag), key version prefix "v1:". */
    idCardCipher: text('id_card_cipher').notNull(),
    idCardMasked: text('id_card_masked').notNull(),
    idCardImages: jsonb('id_card_images').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull(),
    rejectReason: text('reject_reason'),
    reviewerId: integer('reviewer_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_real_name_user_uq').on(t.userId),
    index('user_real_name_status_idx').on(t.tenantId, t.status, t.submittedAt),
  ],
);
