import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { VideoImageSource, VideoScenePictureKind, VideoSceneStatus, VideoStage } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';
import { jobs } from '../../platform/jobs/job.table.js';

/**
 * Article-to-video tasks. The job row holds the state, stage and progress; this row holds what the user
 * asked for, what came out and, when a stage failed, which one and why. Deleted tasks are kept (soft delete)
 * so their ledger rows still point at something; expired ones lose their files but stay listed.
 */
export const videoTasks = pgTable(
  'video_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    jobId: integer('job_id').references(() => jobs.id),
    /** The article the text came from, when one was picked. */
    articleId: integer('article_id'),
    title: text('title').notNull(),
    /** The text spoken (markdown as written). */
    text: text('text').notNull(),
    templateId: text('template_id').notNull(),
    templateLabel: text('template_label').notNull(),
    voice: text('voice').notNull(),
    speed: integer('speed').notNull(),
    /** app_bgm value, or null for no music. */
    bgmId: text('bgm_id'),
    subtitleAnchor: integer('subtitle_anchor').notNull(),
    imageSource: text('image_source').$type<VideoImageSource>().notNull(),
    estimateWords: integer('estimate_words').notNull(),
    estimateSeconds: real('estimate_seconds').notNull(),
    /** Gold held for the task; 0 once given back. */
    cost: integer('cost').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    videoKey: text('video_key'),
    coverKey: text('cover_key'),
    /**
     * Where the video and cover are stored: private (signed links of 600 s; every video made since this
     * column exists) or public (`/uploads/…`, videos made before; the move sweep makes them private). A video
     * shared to the plaza also has a public copy under the same key.
     */
    filesPrivate: boolean('files_private').notNull().default(false),
    duration: real('duration'),
    engine: text('engine'),
    offline: boolean('offline').notNull().default(false),
    /** Subtitle cues with their times in the video. */
    cues: jsonb('cues').$type<{ start: number; end: number; text: string }[]>().notNull().default([]),
    errorStage: text('error_stage').$type<VideoStage>(),
    /** Error id (video.messages.ts) of the failed stage. */
    errorId: text('error_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** createdAt + saveVideoTime: the sweep deletes the files then. */
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * `storyboard` while the user edits its scenes (no job, no gold held; the unqueued sweep leaves it alone),
     * `waiting` while a batch's video waits for a free place among the user's renders (gold held, no job yet;
     * the unqueued sweep leaves it alone too), `render` once handed to the job runner (every task made by `add`).
     */
    phase: text('phase').$type<'storyboard' | 'waiting' | 'render'>().notNull().default('render'),
    /**
     * The render job's payload, fixed when the storyboard was made or the batch accepted (taskId aside); null for
     * `add` tasks.
     */
    renderPayload: jsonb('render_payload'),
    /** The batch it was made in: the id of the batch's first task; null outside a batch. */
    batchId: integer('batch_id'),
    /**
     * When a waiting task was handed to the job runner: the unqueued sweep's grace period counts from it (its
     * `createdAt` is the batch's, long past).
     */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /**
     * How many times a storyboard was rendered again after a finished render (0: the first render). Each
     * render holds its own gold under its own hold (`video.hold.ts` files it under the round), so a re-render is charged,
     * captured or released on its own.
     */
    renderRound: integer('render_round').notNull().default(0),
  },
  (t) => [
    // My videos newest first (keyset on created_at, id).
    index('video_task_owner_time_idx')
      .on(t.tenantId, t.userId, t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    // The recurring sweep of tasks a dead process left without a job: none, or a handful.
    index('video_task_unqueued_idx')
      .on(t.id)
      .where(sql`job_id IS NULL AND deleted_at IS NULL AND phase = 'render'`),
    index('video_task_job_idx').on(t.jobId),
    // A user's waiting batch videos, oldest first (the next to start), and the sweep of users who have some.
    index('video_task_waiting_idx')
      .on(t.tenantId, t.userId, t.id)
      .where(sql`phase = 'waiting' AND deleted_at IS NULL`),
    // The expiry sweep walks only videos whose files are still stored.
    index('video_task_expire_due_idx')
      .on(t.expireAt)
      .where(sql`expired_at IS NULL`),
    // The move sweep's rows: made before videos were private, files still stored.
    index('video_task_public_files_idx')
      .on(t.id)
      .where(sql`${t.filesPrivate} = false AND ${t.videoKey} IS NOT NULL`),
  ],
);
export type VideoTaskRow = typeof videoTasks.$inferSelect;

/**
 * The scenes of a storyboard, in `position` order: each its line, its picture and its voice (with the voice's
 * own word timings), made by `video_scene` jobs and reused by the render. `revision` grows with every edit, so a
 * job that finishes after the line changed writes nothing.
 */
export const videoScenes = pgTable(
  'video_scene',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => videoTasks.id),
    position: integer('position').notNull(),
    line: text('line').notNull(),
    /** A heading of the article (spoken as a scene of its own). */
    heading: boolean('heading').notNull().default(false),
    pictureKind: text('picture_kind').$type<VideoScenePictureKind>().notNull(),
    /**
     * What the picture is made from: the drawing seed (generated), drawing id and index, file id, colours
     * (`#rrggbb,#rrggbb`), or the template's or article's picture address.
     */
    pictureRef: text('picture_ref'),
    /** The stored picture (private), once made; null for the template's and article's pictures. */
    pictureKey: text('picture_key'),
    pictureVisibility: text('picture_visibility').$type<'public' | 'private'>(),
    /** True when the stored picture is the scene's own (made for it, deleted with it); false for a user's file. */
    pictureOwned: boolean('picture_owned').notNull().default(false),
    voiceKey: text('voice_key'),
    voiceSeconds: real('voice_seconds'),
    words: jsonb('words').$type<{ start: number; end: number; text: string }[]>().notNull().default([]),
    voiceEngine: text('voice_engine'),
    voiceOffline: boolean('voice_offline').notNull().default(false),
    status: text('status').$type<VideoSceneStatus>().notNull().default('pending'),
    revision: integer('revision').notNull().default(0),
    /**
     * The scene's rendered clip (raw H.264, private), reused by the next render while `clipHash` (a digest of
     * everything that shapes the clip: picture, frames, subtitle layout and style, size, motion, encoder
     * settings) is unchanged; removed with the scene's other files.
     */
    clipKey: text('clip_key'),
    clipHash: text('clip_hash'),
    /** The `video_scene` job making what is missing (its `JobProgress` is this scene's progress). */
    jobId: integer('job_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('video_scene_task_position_idx').on(t.taskId, t.position)],
);
export type VideoSceneRow = typeof videoScenes.$inferSelect;

/**
 * Storyboard scenes made today per user (free previews, app_config `storyboardPreviewsPerDay`); `date` is the
 * Asia/Shanghai day of `num`. One row per user, counted up in the transaction that asks for the scenes.
 */
export const videoPreviewQuota = pgTable(
  'video_preview_quota',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    date: text('date').notNull(),
    num: integer('num').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
