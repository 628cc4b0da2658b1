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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredTranslations } from '../../platform/i18n/stored-translations.js';
import type { ChatUsage, TemplateField } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';

/** A conversation between a user and a robot (999). */
export const chatConversations = pgTable(
  'chat_conversation',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    robotId: integer('robot_id').notNull(),
    title: text('title').notNull(),
    templateId: integer('template_id'),
    lastMessage: text('last_message').notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My conversations, the latest first (keyset on updated_at, id).
    index('chat_conversation_user_time_idx').on(t.tenantId, t.userId, t.updatedAt, t.id),
  ],
);

/** One question (role user) or answer (role assistant). Answers keep partial text when stopped. */
export const chatMessages = pgTable(
  'chat_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    userId: integer('user_id').notNull(),
    robotId: integer('robot_id').notNull(),
    /** user | assistant */
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    /** streaming | done | stopped | error */
    status: text('status').notNull(),
    provider: text('provider'),
    model: text('model'),
    usage: jsonb('usage').$type<ChatUsage>(),
    /** Answers: the question answered. */
    replyTo: integer('reply_to'),
    templateId: integer('template_id'),
    fields: jsonb('fields').$type<Record<string, string>>(),
    errorId: text('error_id'),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_message_conversation_idx').on(t.tenantId, t.conversationId, t.id),
    index('chat_message_user_idx').on(t.tenantId, t.userId, t.robotId, t.id),
    // The answers still streaming (a handful): the start-up sweep closes those a dead process left, without
    // scanning every message.
    index('chat_message_streaming_idx')
      .on(t.createdAt)
      .where(sql`status = 'streaming'`),
    // The console's daily questions (a range of days, the users' messages only).
    index('chat_message_question_day_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.role} = 'user'`),
  ],
);

/** Daily question counter (spec §4: num and date); `date` is the Asia/Shanghai day of `num`. */
export const chatQuota = pgTable(
  'chat_quota',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    date: text('date').notNull(),
    num: integer('num').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

export const promptTemplateCategories = pgTable(
  'prompt_template_category',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    /** Natural key for the idempotent seed. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    icon: text('icon'),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    /** 1 shown, 0 hidden. */
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prompt_template_category_code_uq').on(t.tenantId, t.code)],
);

export const promptTemplates = pgTable(
  'prompt_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => promptTemplateCategories.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    /** Offline-engine composer (xhs, video_script, product …). */
    kind: text('kind').notNull(),
    /** System prompt for the model. */
    systemPrompt: text('system_prompt').notNull(),
    /** User prompt with `{{field}}` placeholders. */
    prompt: text('prompt').notNull(),
    fields: jsonb('fields').$type<TemplateField[]>().notNull(),
    example: text('example').notNull().default(''),
    /** Stored translations of what users read (locale → field → text); the row itself is zh-Hans. */
    i18n: jsonb('i18n').$type<StoredTranslations>().notNull().default({}),
    /** Provider profile (AI_TEXT_PROFILES key), model and temperature overrides; null = robot default. */
    profile: text('profile'),
    model: text('model'),
    temperature: real('temperature'),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prompt_template_code_uq').on(t.tenantId, t.code),
    index('prompt_template_list_idx').on(t.tenantId, t.categoryId, t.sort),
  ],
);
