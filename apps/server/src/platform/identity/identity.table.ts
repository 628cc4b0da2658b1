import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantId } from '../db/tenant.table.js';

export const users = pgTable(
  'app_user',
  {
    // Ids below 100000 are reserved for system profiles (robot 999, customer service 10086).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100000 }),
    tenantId: tenantId(),
    account: text('account'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    nickName: text('nick_name'),
    avatar: text('avatar'),
    introduction: text('introduction'),
    sex: smallint('sex').notNull().default(1),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['user']::text[]`),
    vipLevel: integer('vip_level').notNull().default(0),
    vipExpireAt: timestamp('vip_expire_at', { withTimezone: true }),
    gold: integer('gold').notNull().default(0),
    points: integer('points').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** An operator's ban: no login and no session until then (9999-12-31 for "until unbanned"). */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    banReason: text('ban_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A deletion the user asked for: anonymised at `deletion_due_at` unless cancelled first (cooling-off). */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_tenant_phone_uq').on(t.tenantId, t.phone),
    uniqueIndex('app_user_tenant_account_uq').on(t.tenantId, t.account),
    // The console's user list (newest first, keyset) and the dashboard's new users per day.
    index('app_user_created_idx').on(t.tenantId, t.createdAt.desc().nullsLast(), t.id.desc()),
    // The console's nickname search (`ILIKE '%fragment%'`); pg_trgm is created by a custom migration.
    index('app_user_nick_trgm_idx').using('gin', t.nickName.op('gin_trgm_ops')),
    // The deletion sweep: live accounts whose cooling-off period is over, soonest first.
    index('app_user_deletion_due_idx')
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    check('app_user_gold_non_negative', sql`${t.gold} >= 0`),
    check('app_user_points_non_negative', sql`${t.points} >= 0`),
  ],
);

/** A login session: its refresh token rotates; revoking it ends the session's access tokens at once. */
export const sessions = pgTable(
  'user_session',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').references(() => users.id),
    roles: text('roles').array().notNull(),
    refreshHash: text('refresh_hash').notNull(),
    // The previous refresh token stays valid for a short grace period, so two requests racing to refresh
    // with the same token do not look like token theft.
    prevRefreshHash: text('prev_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_session_user_idx').on(t.userId)],
);
