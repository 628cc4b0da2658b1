import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { DubLine, TimedSegment } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';
import { jobs } from '../../platform/jobs/job.table.js';

/**
 * Dubbing (`tts`) and subtitle (`asr`) tasks. The job row holds the state and progress; this row holds what
 * the user asked for and what came out. Deleted tasks are kept (soft delete) so that their ledger rows
 * still point at something.
 */
export const voiceTasks = pgTable(
  'voice_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    /** `tts` (text to speech) or `asr` (audio to subtitles). */
    kind: text('kind').notNull(),
    jobId: integer('job_id').references(() => jobs.id),
    /** tts: the text to speak; asr: the script to align (null without one). */
    text: text('text'),
    /** tts made from a script of lines (speakers, voices, pauses, reading fixes); null for a plain text. */
    script: jsonb('script').$type<DubLine[]>(),
    /** tts: the tts_config_nam value and label as they were when asked. */
    voice: text('voice'),
    voiceLabel: text('voice_label'),
    speed: integer('speed'),
    /** Gold held for the task (tts); 0 once given back. */
    cost: integer('cost').notNull().default(0),
    /** asr: the uploaded audio (private file). */
    inputKey: text('input_key'),
    inputMime: text('input_mime'),
    /** tts: the MP3 made (private file). */
    outputKey: text('output_key'),
    /** Seconds of audio. */
    duration: real('duration'),
    engine: text('engine'),
    offline: boolean('offline').notNull().default(false),
    segments: jsonb('segments').$type<TimedSegment[]>().notNull().default([]),
    /**
     * The timings the cues were built from (our speech's own pieces, or the alignment / transcription
     * timestamps): edited subtitles are timed again from these, so edits never drift. Null on older tasks.
     */
    spoken: jsonb('spoken').$type<TimedSegment[]>(),
    srt: text('srt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // My dubbings / subtitles newest first (keyset on created_at, id).
    index('voice_task_owner_time_idx')
      .on(t.tenantId, t.userId, t.kind, t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    // The recurring sweep of tasks a dead process left without a job: none, or a handful.
    index('voice_task_unqueued_idx')
      .on(t.id)
      .where(sql`job_id IS NULL AND deleted_at IS NULL`),
    index('voice_task_job_idx').on(t.jobId),
  ],
);
export type VoiceTaskRow = typeof voiceTasks.$inferSelect;

/**
 * A user's own reading dictionary (issue 30): the fixes they made in the dubbing editor, by the word the fixed
 * character sat in, applied to their later texts. One row per (user, word, position); a new fix replaces it.
 */
export const voiceReadingFixes = pgTable(
  'voice_reading_fix',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    word: text('word').notNull(),
    /** Index (UTF-16) of the fixed character in `word`. */
    at: integer('at').notNull(),
    /** Tone-numbered pinyin, `hang2`. */
    pinyin: text('pinyin').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The key serves both the upsert and "my fixes" (tenant, user prefix); a user has a few hundred at most.
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.word, t.at] })],
);
export type VoiceReadingFixRow = typeof voiceReadingFixes.$inferSelect;
