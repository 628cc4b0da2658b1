import type { DrawUploadPurpose } from '@app/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/tenant.table.js';
import { users } from '../../platform/identity/identity.table.js';

/** One stored picture of a task: storage keys of the full image and its thumbnail. */
export interface StoredDrawImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

/**
 * An AI drawing task. Its live state (queued, running, progress, stage) is the job's (`job_id`); `status` here
 * is written when the task ends, together with the gold settlement, so a finished task never depends on the
 * job row again.
 */
export const drawTasks = pgTable(
  'ai_draw_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    jobId: integer('job_id'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt'),
    style: text('style').notNull(),
    ratio: text('ratio').notNull(),
    count: integer('count').notNull(),
    seed: integer('seed').notNull(),
    roleImageIds: jsonb('role_image_ids').$type<number[]>().notNull().default([]),
    engine: text('engine').notNull(),
    offline: boolean('offline').notNull(),
    /** The provider's own task id, stored as soon as it accepted the task: a restarted worker fetches it. */
    providerTaskId: text('provider_task_id'),
    images: jsonb('images').$type<StoredDrawImage[]>().notNull().default([]),
    /** Gold held for the task (0 when free, and once given back). */
    cost: integer('cost').notNull().default(0),
    /** queued until it ends; then succeeded, failed or canceled. */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    title: text('title'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    likes: integer('likes').notNull().default(0),
    /** 一键同款: the published work this task remixes; that work's `remixes` counts such tasks. */
    remixOf: integer('remix_of'),
    remixes: integer('remixes').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Keyset paging (issue 26): my tasks newest first; the hall newest or hottest (sort keys, then id, descending).
    index('ai_draw_task_owner_time_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    index('ai_draw_task_hall_time_idx')
      .on(t.tenantId, t.publishedAt, t.id)
      .where(sql`published_at IS NOT NULL AND deleted_at IS NULL`),
    index('ai_draw_task_hall_hot_idx')
      .on(t.tenantId, t.likes, t.publishedAt, t.id)
      .where(sql`published_at IS NOT NULL AND deleted_at IS NULL`),
    // The few tasks still queued: every "mine" page settles those whose job ended badly.
    index('ai_draw_task_queued_idx')
      .on(t.tenantId, t.userId)
      .where(sql`status = 'queued'`),
    // The recurring sweep of tasks a dead process left without a job: none, or a handful.
    index('ai_draw_task_unqueued_idx')
      .on(t.id)
      .where(sql`status = 'queued' AND job_id IS NULL`),
    index('ai_draw_task_job_idx').on(t.jobId),
    // The hall filtered by style, newest or hottest (issue 29).
    index('ai_draw_task_hall_style_time_idx')
      .on(t.tenantId, t.style, t.publishedAt, t.id)
      .where(sql`published_at IS NOT NULL AND deleted_at IS NULL`),
    index('ai_draw_task_hall_style_hot_idx')
      .on(t.tenantId, t.style, t.likes, t.publishedAt, t.id)
      .where(sql`published_at IS NOT NULL AND deleted_at IS NULL`),
    // A work's published remixes, newest first.
    index('ai_draw_task_remix_idx')
      .on(t.tenantId, t.remixOf, t.publishedAt, t.id)
      .where(sql`remix_of IS NOT NULL AND published_at IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/**
 * An upscaled version of one picture of a task (高清放大): a job while it runs, then the stored picture. Gold is
 * held on accept and captured with the success (ledger ref `ai_draw_upscale`, the version's id).
 */
export const drawVersions = pgTable(
  'ai_draw_version',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => drawTasks.id),
    imageIndex: integer('image_index').notNull(),
    scale: integer('scale').notNull(),
    jobId: integer('job_id'),
    engine: text('engine').notNull(),
    offline: boolean('offline').notNull(),
    cost: integer('cost').notNull().default(0),
    /** queued until it ends; then succeeded, failed or canceled (its live state is the job's). */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    image: jsonb('image').$type<StoredDrawImage>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A task's versions, newest first (a handful per task).
    index('ai_draw_version_task_idx').on(t.taskId, t.id),
    index('ai_draw_version_job_idx').on(t.jobId),
    // The user's upscales still running (one at a time per user).
    index('ai_draw_version_queued_idx')
      .on(t.tenantId, t.userId)
      .where(sql`status = 'queued'`),
    // The recurring sweep of versions a dead process left without a job: none, or a handful.
    index('ai_draw_version_unqueued_idx')
      .on(t.id)
      .where(sql`status = 'queued' AND job_id IS NULL`),
  ],
);

/**
 * Likes a work got in one ISO week (Asia/Shanghai), kept as a counter with each like and unlike so the weekly
 * ranking reads an index instead of aggregating the likes table.
 */
export const drawWeekLikes = pgTable(
  'ai_draw_week_like',
  {
    tenantId: tenantId(),
    /** `2026-W48`. */
    week: text('week').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => drawTasks.id),
    likes: integer('likes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.week, t.taskId] }),
    index('ai_draw_week_like_rank_idx').on(t.tenantId, t.week, t.likes, t.taskId),
  ],
);

export const drawLikes = pgTable(
  'ai_draw_like',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => drawTasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] })],
);

/**
 * Pictures a user uploaded for drawing, private to their owner: reference images of a character (`role`, listed as
 * 参考角色) and pictures to draw from (`source`, 以图生图 from the album; never listed as roles).
 */
export const drawRoleImages = pgTable(
  'ai_draw_role_image',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<DrawUploadPurpose>().notNull().default('role'),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_draw_role_image_owner_idx').on(t.tenantId, t.userId, t.purpose, t.createdAt)],
);
