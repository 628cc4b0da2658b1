import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A package on sale: grants gold and/or VIP days. Prices in fen. */
export const goldPackages = pgTable(
  'gold_package',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** Stable seed key, so the seed stays idempotent while operators edit names. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** `package_type` dictionary value: vip, gold, promotion, free. */
    packageType: text('package_type').notNull(),
    description: text('description').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen'),
    gold: integer('gold').notNull().default(0),
    vipDays: integer('vip_days').notNull().default(0),
    vipLevel: integer('vip_level').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    status: smallint('status').notNull().default(1),
    obtainMethod: smallint('obtain_method').notNull().default(1),
    orderNo: integer('order_no').notNull().default(0),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    metadata: jsonb('metadata')
      .$type<{ os: 'all' | 'android' | 'ios' } & Record<string, unknown>>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gold_package_code_uq').on(t.tenantId, t.code),
    index('gold_package_list_idx').on(t.tenantId, t.status, t.orderNo),
    check('gold_package_price_non_negative', sql`${t.priceFen} >= 0`),
    check('gold_package_grants_non_negative', sql`${t.gold} >= 0 AND ${t.vipDays} >= 0`),
  ],
);

/**
 * An order: pending → paid → refunded, or pending → canceled / expired. The package is copied in, so later
 * edits of the package never change what was bought. A free claim records its Asia/Shanghai day in
 * `free_day`; the unique index keeps it to one per user and day even under concurrent claims.
 */
export const payOrders = pgTable(
  'pay_order',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => goldPackages.id),
    packageName: text('package_name').notNull(),
    gold: integer('gold').notNull(),
    vipDays: integer('vip_days').notNull(),
    vipLevel: integer('vip_level').notNull(),
    payMethod: integer('pay_method').notNull(),
    state: text('state', { enum: ['pending', 'paid', 'canceled', 'expired', 'refunded'] }).notNull(),
    originalFen: integer('original_fen').notNull(),
    discountFen: integer('discount_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    goldCost: integer('gold_cost'),
    couponId: integer('coupon_id'),
    freeDay: text('free_day'),
    payParams: jsonb('pay_params').$type<Record<string, unknown>>(),
    /** The payment provider's transaction number once paid. */
    tradeNo: text('trade_no'),
    /** A provider reported payment after the order had expired or been canceled: an operator must refund it. */
    lateTradeNo: text('late_trade_no'),
    remark: text('remark'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** VIP expiry before and after the grant (refunds take the days back). */
    vipExpireBefore: timestamp('vip_expire_before', { withTimezone: true }),
    vipExpireAfter: timestamp('vip_expire_after', { withTimezone: true }),
    /** An offline order's transfer screenshot (a private image file the buyer uploaded) and when it was sent. */
    transferFileId: integer('transfer_file_id'),
    transferAt: timestamp('transfer_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pay_order_no_uq').on(t.orderNo),
    index('pay_order_user_idx').on(t.tenantId, t.userId, t.createdAt),
    // The console's orders list (newest first, keyset) and the dashboard's paid orders per day.
    index('pay_order_created_idx').on(t.tenantId, t.createdAt.desc().nullsLast(), t.id.desc()),
    // The console's order-number search (`ILIKE '%fragment%'`); pg_trgm comes from a custom migration.
    index('pay_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    index('pay_order_paid_idx')
      .on(t.tenantId, t.paidAt)
      .where(sql`${t.paidAt} IS NOT NULL`),
    index('pay_order_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    // A user's orders being paid (an account deletion waits for them).
    index('pay_order_user_pending_idx')
      .on(t.tenantId, t.userId, t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    uniqueIndex('pay_order_free_day_uq')
      .on(t.tenantId, t.userId, t.freeDay)
      .where(sql`${t.freeDay} IS NOT NULL AND ${t.state} = 'paid'`),
    check('pay_order_amounts', sql`${t.amountFen} >= 0 AND ${t.discountFen} >= 0`),
  ],
);

/**
 * A coupon template: what a redeem code (or a grant) hands out. `value`: fen off (types 1, 8), per-mille
 * paid (type 2), unused (type 4). `stock` null = unlimited; `issued` counts handed-out coupons.
 */
export const couponTemplates = pgTable(
  'coupon_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    type: smallint('type').notNull(),
    value: integer('value').notNull(),
    threshold: integer('threshold').notNull().default(0),
    packageId: integer('package_id').references(() => goldPackages.id),
    validDays: integer('valid_days').notNull(),
    /** Shared redeem code (upper case); null for templates the system grants and for console batches, whose codes are their own (coupon_code). */
    code: text('code'),
    stock: integer('stock'),
    issued: integer('issued').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_template_code_uq').on(t.tenantId, t.code),
    check('coupon_template_stock', sql`${t.stock} IS NULL OR ${t.issued} <= ${t.stock}`),
  ],
);

/**
 * A coupon a user holds. state: unused → reserved (by a pending order, conditional update) → used, or back
 * to unused when that order is canceled or expires. "Expired" is read from valid_until by the clock.
 */
export const userCoupons = pgTable(
  'user_coupon',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The translations of its template's name and description, copied with them. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    type: smallint('type').notNull(),
    value: integer('value').notNull(),
    threshold: integer('threshold').notNull(),
    packageId: integer('package_id'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['unused', 'reserved', 'used'] })
      .notNull()
      .default('unused'),
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_coupon_user_idx').on(t.tenantId, t.userId, t.state, t.validUntil)],
);

/**
 * The redeem codes of a console coupon batch (a template): each its own unguessable code, redeemed once; the
 * redemption records who, when and the coupon it gave (whose order tells where it was used).
 */
export const couponCodes = pgTable(
  'coupon_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    /** Upper case, from an alphabet without look-alike letters. */
    code: text('code').notNull(),
    userId: integer('user_id').references(() => users.id),
    userCouponId: integer('user_coupon_id').references(() => userCoupons.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_code_code_uq').on(t.tenantId, t.code),
    index('coupon_code_template_idx').on(t.templateId, t.redeemedAt),
  ],
);

/**
 * Wrong redeem or referral codes an account typed in its current window (an hour from the first wrong one):
 * code guessing is limited per account, shared by every API process through this row.
 */
export const codeGuesses = pgTable('code_guess', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  wrong: integer('wrong').notNull(),
});

/** One referral code per user (stable). */
export const referralCodes = pgTable(
  'referral_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_code_user_uq').on(t.tenantId, t.userId),
    uniqueIndex('referral_code_code_uq').on(t.tenantId, t.code),
  ],
);

/** A referee bound to a referrer (once); rewarded_at is set by the referee's first paid order, once. */
export const referralUses = pgTable(
  'referral_use',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id),
    refereeId: integer('referee_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id'),
    rewardGold: integer('reward_gold').notNull().default(0),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_use_referee_uq').on(t.tenantId, t.refereeId),
    index('referral_use_referrer_idx').on(t.tenantId, t.referrerId, t.createdAt),
  ],
);

export const ambassadorApplications = pgTable(
  'ambassador_application',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    accountName: text('account_name').notNull(),
    followers: integer('followers').notNull(),
    contact: text('contact').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open (pending or approved) application per user; a rejected one may be followed by a new one.
    uniqueIndex('ambassador_application_open_uq')
      .on(t.tenantId, t.userId)
      .where(sql`${t.state} <> 'rejected'`),
  ],
);

export const ambassadorTasks = pgTable(
  'ambassador_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    steps: jsonb('steps').$type<string[]>().notNull(),
    rewardGold: integer('reward_gold').notNull().default(0),
    rewardVipDays: integer('reward_vip_days').notNull().default(0),
    status: smallint('status').notNull().default(1),
    orderNo: integer('order_no').notNull().default(0),
    createdAt: createdAt(),
    /** Title, description and steps in the other languages (the row itself is zh-Hans). */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
  },
  (t) => [uniqueIndex('ambassador_task_code_uq').on(t.tenantId, t.code)],
);

/** Screenshots for a task; approved → reward claimable once (reward_claimed_at, conditional update). */
export const ambassadorSubmissions = pgTable(
  'ambassador_submission',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => ambassadorTasks.id),
    fileIds: integer('file_ids').array().notNull(),
    link: text('link'),
    note: text('note'),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rewardGold: integer('reward_gold').notNull(),
    rewardVipDays: integer('reward_vip_days').notNull(),
    rewardClaimedAt: timestamp('reward_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live submission per task; after a rejection the user may submit again.
    uniqueIndex('ambassador_submission_open_uq')
      .on(t.tenantId, t.userId, t.taskId)
      .where(sql`${t.state} <> 'rejected'`),
    index('ambassador_submission_state_idx').on(t.tenantId, t.state, t.createdAt),
  ],
);

/**
 * Commerce's settings an operator edits, one row per tenant and key (`offline_pay`: the payee of offline
 * transfers), its data checked against the contract's schema on every write and read.
 */
export const commerceSettings = pgTable(
  'commerce_setting',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
