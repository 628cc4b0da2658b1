import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One row per user per Asia/Shanghai day: the unique index is what makes a check-in happen once. */
export const checkIns = pgTable(
  'activity_checkin',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `YYYY-MM-DD` in Asia/Shanghai. */
    date: text('date').notNull(),
    /** Day of the streak this check-in was (1 after a missed day). */
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_checkin_user_date_uq').on(t.tenantId, t.userId, t.date),
    // The console's daily check-ins (a range of days).
    index('activity_checkin_date_idx').on(t.tenantId, t.date),
  ],
);

/** Points mall items. `stock` only goes down through a conditional update, so it never drops below 0. */
export const mallItems = pgTable(
  'points_mall_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** Stable key of seeded rows (idempotent seed); null for operator-made items. */
    seedKey: text('seed_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    image: text('image').notNull(),
    /** gold, vip, coupon, physical. */
    kind: text('kind').notNull(),
    /** Gold credited, VIP days, coupon value (fen); 0 for physical goods. */
    amount: integer('amount').notNull().default(0),
    points: integer('points').notNull(),
    stock: integer('stock').notNull(),
    exchanged: integer('exchanged').notNull().default(0),
    /** 0 = no per-user limit. */
    limitPerUser: integer('limit_per_user').notNull().default(0),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('points_mall_item_seed_uq').on(t.tenantId, t.seedKey),
    index('points_mall_item_list_idx').on(t.tenantId, t.sort, t.id),
    check('points_mall_item_stock_non_negative', sql`${t.stock} >= 0`),
    check('points_mall_item_points_positive', sql`${t.points} > 0`),
  ],
);

/** Each exchange, with what the item was at that moment (name, image, price). */
export const mallExchanges = pgTable(
  'points_mall_exchange',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => mallItems.id),
    name: text('name').notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    points: integer('points').notNull(),
    /** done (credited), shipping (physical, waiting), shipped. */
    status: text('status').notNull(),
    /** Set by the operator who ships a physical item. */
    courier: text('courier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_mall_exchange_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('points_mall_exchange_user_item_idx').on(t.tenantId, t.userId, t.itemId),
  ],
);

/** Lucky wheel slots. One enabled `none` prize is the fallback of an out-of-stock draw. */
export const drawPrizes = pgTable(
  'draw_prize',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    seedKey: text('seed_key'),
    /** Position on the wheel, 0 at the top, clockwise. */
    slot: integer('slot').notNull(),
    name: text('name').notNull(),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    image: text('image').notNull(),
    /** none, points, gold, vip, coupon, item. */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull().default(0),
    weight: integer('weight').notNull(),
    /** null = unlimited. */
    stock: integer('stock'),
    awarded: integer('awarded').notNull().default(0),
    status: smallint('status').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('draw_prize_seed_uq').on(t.tenantId, t.seedKey),
    uniqueIndex('draw_prize_slot_uq')
      .on(t.tenantId, t.slot)
      .where(sql`${t.deletedAt} IS NULL`),
    check('draw_prize_stock_non_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('draw_prize_weight_non_negative', sql`${t.weight} >= 0`),
  ],
);

/** Every draw (the daily limit counts these), with the prize as it was. */
export const drawRecords = pgTable(
  'draw_record',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `YYYY-MM-DD` in Asia/Shanghai. */
    date: text('date').notNull(),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => drawPrizes.id),
    slot: integer('slot').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    cost: integer('cost').notNull(),
    won: boolean('won').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('draw_record_user_date_idx').on(t.tenantId, t.userId, t.date),
    index('draw_record_user_won_idx')
      .on(t.tenantId, t.userId, t.createdAt)
      .where(sql`${t.won}`),
  ],
);

/** Food vote options; `votes` is a counter raised in the same transaction as the vote row. */
export const voteOptions = pgTable(
  'vote_option',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    seedKey: text('seed_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    image: text('image').notNull(),
    votes: integer('votes').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vote_option_seed_uq').on(t.tenantId, t.seedKey)],
);

/** One vote per user per Asia/Shanghai day (unique). */
export const voteRecords = pgTable(
  'vote_record',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    optionId: integer('option_id')
      .notNull()
      .references(() => voteOptions.id),
    date: text('date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vote_record_user_date_uq').on(t.tenantId, t.userId, t.date)],
);
