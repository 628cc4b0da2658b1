import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../db/tenant.table.js';

/**
 * What operators did, so that every change to a user's data or the catalogue can be traced to who made it
 * and what it replaced: one row per change, written in the change's own transaction.
 * Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    operatorId: integer('operator_id').notNull(),
    /** `<area>.<verb>`, e.g. `real_name.approve`, `user.ban`, `order.refund`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The audit log's order (newest first, keyset on created_at and id).
    index('audit_log_time_idx').on(t.tenantId, t.createdAt.desc().nullsLast(), t.id.desc()),
    // Filters in the same order: one operator's actions, one action (or a prefix: text_pattern_ops serves LIKE 'x%').
    index('audit_log_operator_idx').on(t.tenantId, t.operatorId, t.createdAt.desc().nullsLast(), t.id.desc()),
    index('audit_log_action_idx').on(
      t.tenantId,
      t.action.op('text_pattern_ops'),
      t.createdAt.desc().nullsLast(),
      t.id.desc(),
    ),
    index('audit_log_target_idx').on(t.tenantId, t.targetType, t.targetId),
  ],
);
