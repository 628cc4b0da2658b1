import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

export interface FeedbackImage {
  key: string;
  visibility: 'public' | 'private';
}

/** Feedback from the help centre, kept for operators. */
export const feedbacks = pgTable(
  'user_feedback',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** Up to 4 of the user's own uploaded images, by storage key (URLs are made when read). */
    images: jsonb('images').$type<FeedbackImage[]>().notNull().default([]),
    contact: text('contact'),
    /** pending, handled. */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    handledBy: integer('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('user_feedback_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('user_feedback_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
