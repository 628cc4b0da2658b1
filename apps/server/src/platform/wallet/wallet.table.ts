import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../db/tenant.table.js';
import { users } from '../identity/identity.table.js';

/** Every change of gold or points is a row here, written in the same transaction as the balance. */
export const ledger = pgTable(
  'account_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency', { enum: ['gold', 'points'] }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Bills: a user's rows newest first, of one currency or of both (keyset paging on created_at, id).
    index('account_ledger_user_currency_time_idx').on(t.tenantId, t.userId, t.currency, t.createdAt, t.id),
    index('account_ledger_user_time_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    // The console's daily gold spent (a range of days, debits only).
    index('account_ledger_gold_debit_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.currency} = 'gold' AND ${t.amount} < 0`),
  ],
);

/**
 * Gold set aside for a paid task while it runs: taken from the balance when the task is accepted, then
 * captured when it succeeds or given back when it fails. One hold per task (`refType`, `refId`), and each
 * transition is a conditional update of `status`, so a task retried after a crash never pays twice.
 */
export const goldHolds = pgTable(
  'gold_hold',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['held', 'captured', 'released'] })
      .notNull()
      .default('held'),
    reason: text('reason').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gold_hold_ref_uq').on(t.tenantId, t.refType, t.refId),
    index('gold_hold_user_idx').on(t.userId, t.status),
    check('gold_hold_amount_positive', sql`${t.amount} > 0`),
  ],
);
