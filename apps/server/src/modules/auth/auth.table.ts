import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/**
 * SMS captcha codes. Only an HMAC of the code is kept; a code is single use (usedAt), dies after
 * 5 wrong tries (attempts) or at expiresAt. Rows also serve the send limits (per phone, per IP, per day).
 */
export const smsCaptchas = pgTable(
  'sms_captcha',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    /** The web app's device id (X-Device-Id), when it sent one: the human check counts sends per device too. */
    deviceId: text('device_id'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sms_captcha_phone_idx').on(t.tenantId, t.phone, t.createdAt),
    index('sms_captcha_ip_idx').on(t.ip, t.createdAt),
    index('sms_captcha_device_idx').on(t.deviceId, t.createdAt),
  ],
);

/**
 * A solved human check (proof of work), kept until it expires so that one solution opens one SMS send only.
 */
export const humanCheckUses = pgTable(
  'human_check_use',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('human_check_use_expires_idx').on(t.expiresAt)],
);

/**
 * Who received the welcome gift, from which device and address: once per device id, at most N per address per
 * Asia/Shanghai day (app_config signUpGuard). An account signed up without the gift has no row.
 */
export const welcomeGiftClaims = pgTable(
  'welcome_gift_claim',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    deviceId: text('device_id'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('welcome_gift_claim_device_uq')
      .on(t.tenantId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('welcome_gift_claim_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A WeChat identity (mini program or mobile app openid) bound to a user. */
export const userWechat = pgTable(
  'user_wechat',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The WeChat app id the openid belongs to (openids differ per app). */
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('user_wechat_openid_uq').on(t.tenantId, t.appId, t.openid),
    index('user_wechat_user_idx').on(t.userId),
  ],
);
