import type { PictureFlag } from '@app/contract';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from '../db/tenant.table.js';

/** Every stored file: who uploaded it, what it is (sniffed), and whether it is public or private. */
export const files = pgTable(
  'sys_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id'),
    /** Key in the storage (`public/…` or `private/…`). */
    storageKey: text('storage_key').notNull(),
    visibility: text('visibility').notNull(),
    /** Upload class of spec §9 (`general`, `digital`, `media`, `tool`) or `generated`. */
    category: text('category').notNull(),
    /** image, audio or video. */
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    duration: real('duration'),
    originalName: text('original_name'),
    /**
     * A picture the moderation scored between "review" and "block" (issue 35): kept, but every work showing it
     * waits for an operator, and a drawing carrying it stays private. Null for what passed (or is no picture).
     */
    moderation: jsonb('moderation').$type<PictureFlag>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_file_key_uq').on(t.storageKey),
    index('sys_file_owner_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/**
 * What each user's uploads (the four upload classes) take: the bytes stored now, and the bytes uploaded on
 * `day` (Asia/Shanghai). Kept in the transaction that inserts or deletes the file rows, so the quota check reads
 * one row, never a SUM over sys_file.
 */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    dayBytes: bigint('day_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
