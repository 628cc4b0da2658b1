import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ChatUsage } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import { afterCursor, keysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import {
  chatConversations,
  chatMessages,
  chatQuota,
  promptTemplateCategories,
  promptTemplates,
} from './chat.table.js';
import { escapeLike, shanghaiDay } from '../../platform/db/sql.js';
import { createTemplateRepository } from './template.repository.js';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;
export type TemplateRow = typeof promptTemplates.$inferSelect;

/** Conversations and the turns written into them, with ids reserved ahead. */
const createTurnQueries = (db: DbOrTx) => ({
  async conversation(tenantId: number, userId: number, id: number): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.tenantId, tenantId),
          eq(chatConversations.userId, userId),
          eq(chatConversations.id, id),
        ),
      )
      .limit(1);
    return row;
  },

  async createConversation(values: {
    id?: number;
    tenantId: number;
    userId: number;
    robotId: number;
    title: string;
    templateId: number | null;
    now: Date;
  }) {
    const [row] = await db
      .insert(chatConversations)
      .values({ ...values, createdAt: values.now, updatedAt: values.now })
      .returning({ id: chatConversations.id });
    return row!.id;
  },

  /** Stores the question and the (empty, streaming) answer; bumps the conversation. */
  async insertTurn(values: {
    /** Ids reserved with `reserveIds` (the stream starts before the rows are written). */
    questionId: number;
    answerId: number;
    tenantId: number;
    userId: number;
    robotId: number;
    conversationId: number;
    question: string;
    templateId: number | null;
    fields: Record<string, string> | null;
    provider: string;
    model: string;
    now: Date;
  }) {
    const common = {
      tenantId: values.tenantId,
      conversationId: values.conversationId,
      userId: values.userId,
      robotId: values.robotId,
      templateId: values.templateId,
      fields: values.fields,
      createdAt: values.now,
      updatedAt: values.now,
    };
    // One statement for both rows: on the embedded database every statement holds the thread.
    await db.insert(chatMessages).values([
      { ...common, id: values.questionId, role: 'user', content: values.question, status: 'done' },
      {
        ...common,
        id: values.answerId,
        role: 'assistant',
        content: '',
        status: 'streaming',
        provider: values.provider,
        model: values.model,
        replyTo: values.questionId,
      },
    ]);
    await db
      .update(chatConversations)
      .set({
        lastMessage: values.question.slice(0, 100),
        messageCount: sql`${chatConversations.messageCount} + 2`,
        updatedAt: values.now,
      })
      .where(eq(chatConversations.id, values.conversationId));
    return { questionId: values.questionId, answerId: values.answerId };
  },

  /** Takes `count` ids from a table's identity sequence in one round trip. */
  async reserveIds(table: 'chat_message' | 'chat_conversation', count: number): Promise<number[]> {
    const result = (await db.execute(
      sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`,
    )) as unknown as { rows: { id: string | number }[] };
    return result.rows.map((r) => Number(r.id));
  },
});

/** Answers: their final state, a stopped one resumed, one message read and edited. */
const createAnswerQueries = (db: DbOrTx) => ({
  /**
   * Closes as stopped the answers still marked streaming (started before `startedBefore` when given),
   * keeping the text they stored; answers how many.
   */
  async closeInterruptedAnswers(now: Date, startedBefore?: Date): Promise<number> {
    const rows = await db
      .update(chatMessages)
      .set({ status: 'stopped', updatedAt: now })
      .where(
        and(
          eq(chatMessages.status, 'streaming'),
          // An answer continued (继续生成) streams again from its resume time (updatedAt), however old it is.
          startedBefore
            ? sql`${chatMessages.createdAt} < ${startedBefore} AND ${chatMessages.updatedAt} < ${startedBefore}`
            : undefined,
        ),
      )
      .returning({ id: chatMessages.id });
    return rows.length;
  },

  /** Final state of an answer; only a streaming answer changes (a stop racing the end is harmless). */
  async finishAnswer(
    tenantId: number,
    id: number,
    values: {
      content: string;
      status: 'done' | 'stopped' | 'error';
      usage: ChatUsage | null;
      errorId: string | null;
      now: Date;
    },
  ) {
    const [row] = await db
      .update(chatMessages)
      .set({
        content: values.content,
        status: values.status,
        usage: values.usage,
        errorId: values.errorId,
        updatedAt: values.now,
      })
      .where(
        and(
          eq(chatMessages.tenantId, tenantId),
          eq(chatMessages.id, id),
          eq(chatMessages.status, 'streaming'),
        ),
      )
      .returning({ conversationId: chatMessages.conversationId });
    if (row && values.content) {
      await db
        .update(chatConversations)
        .set({ lastMessage: values.content.slice(0, 100), updatedAt: values.now })
        .where(eq(chatConversations.id, row.conversationId));
    }
    return !!row;
  },

  /**
   * A stopped answer streams again (继续生成); false when it is not stopped any more (another continue
   * took it first).
   */
  async resumeAnswer(tenantId: number, id: number, now: Date) {
    const rows = await db
      .update(chatMessages)
      .set({ status: 'streaming', updatedAt: now })
      .where(
        and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id), eq(chatMessages.status, 'stopped')),
      )
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  },

  async message(tenantId: number, id: number): Promise<ChatMessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id)))
      .limit(1);
    return row;
  },

  async updateContent(tenantId: number, id: number, content: string, now: Date) {
    const [row] = await db
      .update(chatMessages)
      .set({ content, edited: true, updatedAt: now })
      .where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id)))
      .returning();
    return row!;
  },
});

/** Reading back: a conversation's context for the prompt, the robot history and the conversations. */
const createHistoryQueries = (db: DbOrTx) => ({
  /** The newest `limit` finished messages of a conversation (before message `beforeId` when given), oldest first. */
  async context(tenantId: number, conversationId: number, limit: number, beforeId?: number) {
    // chat_message_conversation_idx (tenant, conversation, id), read backwards.
    const rows = await db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.tenantId, tenantId),
          eq(chatMessages.conversationId, conversationId),
          beforeId === undefined ? undefined : lt(chatMessages.id, beforeId),
          inArray(chatMessages.status, ['done', 'stopped']),
          ne(chatMessages.content, ''),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  async historyPage(
    tenantId: number,
    userId: number,
    filter: KeysetQuery & { robotId: number; conversationId?: number },
  ) {
    // Newest first by id: chat_message_user_idx (tenant, user, robot, id), or chat_message_conversation_idx.
    const where = and(
      eq(chatMessages.tenantId, tenantId),
      eq(chatMessages.userId, userId),
      eq(chatMessages.robotId, filter.robotId),
      ...(filter.conversationId ? [eq(chatMessages.conversationId, filter.conversationId)] : []),
      ...(filter.cursor ? [afterCursor(chatMessages, [], chatMessages.id, filter.cursor)] : []),
    );
    return keysetPage(
      filter,
      db
        .select({ message: chatMessages, templateTitle: promptTemplates.title })
        .from(chatMessages)
        .leftJoin(promptTemplates, eq(promptTemplates.id, chatMessages.templateId))
        .where(where)
        .orderBy(desc(chatMessages.id)),
      (row) => row.message.id,
    );
  },

  async conversationPage(tenantId: number, userId: number, filter: KeysetQuery & { robotId?: number }) {
    // chat_conversation_user_time_idx: (tenant, user, updated_at DESC, id DESC). A conversation that moves to
    // the top while the user pages is not repeated below the cursor (its key moved above it).
    const where = and(
      eq(chatConversations.tenantId, tenantId),
      eq(chatConversations.userId, userId),
      ...(filter.robotId ? [eq(chatConversations.robotId, filter.robotId)] : []),
      ...(filter.cursor
        ? [afterCursor(chatConversations, [chatConversations.updatedAt], chatConversations.id, filter.cursor)]
        : []),
    );
    return keysetPage(
      filter,
      db
        .select()
        .from(chatConversations)
        .where(where)
        .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id)),
      (row) => row.id,
    );
  },
});

/** The daily question counter. */
const createQuotaQueries = (db: DbOrTx) => ({
  /**
   * Takes one question from the daily counter in one statement: resets it when the Shanghai date moved
   * forward, refuses when `num` already reached `limit`. Returns the new count, or null when refused.
   */
  async consumeQuestion(
    tenantId: number,
    userId: number,
    date: string,
    limit: number,
  ): Promise<number | null> {
    if (limit <= 0) return null;
    const rows = await db
      .insert(chatQuota)
      .values({ tenantId, userId, date, num: 1 })
      .onConflictDoUpdate({
        target: [chatQuota.tenantId, chatQuota.userId],
        set: {
          num: sql`CASE WHEN chat_quota.date < excluded.date THEN 1 ELSE chat_quota.num + 1 END`,
          date: sql`GREATEST(chat_quota.date, excluded.date)`,
        },
        setWhere: sql`chat_quota.date < excluded.date OR chat_quota.num < ${limit}`,
      })
      .returning({ num: chatQuota.num });
    return rows[0]?.num ?? null;
  },

  /** Gives a question back (the provider failed before writing anything). */
  async refundQuestion(tenantId: number, userId: number, date: string) {
    await db
      .update(chatQuota)
      .set({ num: sql`chat_quota.num - 1` })
      .where(
        and(
          eq(chatQuota.tenantId, tenantId),
          eq(chatQuota.userId, userId),
          eq(chatQuota.date, date),
          sql`chat_quota.num > 0`,
        ),
      );
  },

  async questionsUsed(tenantId: number, userId: number, date: string): Promise<number> {
    const [row] = await db
      .select({ num: chatQuota.num, date: chatQuota.date })
      .from(chatQuota)
      .where(and(eq(chatQuota.tenantId, tenantId), eq(chatQuota.userId, userId)))
      .limit(1);
    return row && row.date >= date ? row.num : 0;
  },
});

/** Templates and their categories. */
const createTemplateQueries = (db: DbOrTx) => ({
  async categories(tenantId: number) {
    return db
      .select({
        id: promptTemplateCategories.id,
        name: promptTemplateCategories.name,
        icon: promptTemplateCategories.icon,
        i18n: promptTemplateCategories.i18n,
        sort: promptTemplateCategories.sort,
        count: sql<number>`(select count(*)::int from prompt_template t where t.category_id = prompt_template_category.id and t.status = 1)`,
      })
      .from(promptTemplateCategories)
      .where(and(eq(promptTemplateCategories.tenantId, tenantId), eq(promptTemplateCategories.status, 1)))
      .orderBy(asc(promptTemplateCategories.sort), asc(promptTemplateCategories.id));
  },

  async templatePage(
    tenantId: number,
    filter: { page: number; pageSize: number; categoryId?: number; keyword?: string },
  ) {
    const conditions: SQL[] = [eq(promptTemplates.tenantId, tenantId), eq(promptTemplates.status, 1)];
    if (filter.categoryId) conditions.push(eq(promptTemplates.categoryId, filter.categoryId));
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(promptTemplates.title, like), ilike(promptTemplates.description, like))!);
    }
    const where = and(...conditions);
    const { items: rows, total } = await paged(
      filter,
      db
        .select({
          id: promptTemplates.id,
          categoryId: promptTemplates.categoryId,
          title: promptTemplates.title,
          description: promptTemplates.description,
          icon: promptTemplates.icon,
          i18n: promptTemplates.i18n,
          useCount: promptTemplates.useCount,
          sort: promptTemplates.sort,
        })
        .from(promptTemplates)
        .where(where)
        .orderBy(asc(promptTemplates.sort), asc(promptTemplates.id)),
      db.select({ total: count() }).from(promptTemplates).where(where),
    );
    return { rows, total };
  },

  async template(tenantId: number, id: number) {
    const [row] = await db
      .select({
        template: promptTemplates,
        categoryName: promptTemplateCategories.name,
        categoryI18n: promptTemplateCategories.i18n,
      })
      .from(promptTemplates)
      .innerJoin(promptTemplateCategories, eq(promptTemplateCategories.id, promptTemplates.categoryId))
      .where(
        and(
          eq(promptTemplates.tenantId, tenantId),
          eq(promptTemplates.id, id),
          eq(promptTemplates.status, 1),
        ),
      )
      .limit(1);
    return row;
  },

  async countTemplateUse(id: number) {
    await db
      .update(promptTemplates)
      .set({ useCount: sql`${promptTemplates.useCount} + 1` })
      .where(eq(promptTemplates.id, id));
  },
});

/** SQL of the chat module: conversations, messages, the daily counter and templates. */
export const createChatRepository = (db: DbOrTx) => ({
  ...createTurnQueries(db),
  ...createAnswerQueries(db),
  ...createHistoryQueries(db),
  ...createQuotaQueries(db),
  ...createTemplateQueries(db),
});
export type ChatRepository = ReturnType<typeof createChatRepository>;

/** Chat's repositories, made once per module (over the pool, or a transaction's): the chat's and the editor's. */
export const createChatRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    chat: createChatRepository(executor),
    templates: createTemplateRepository(executor),
  }));
export type ChatRepositories = ReturnType<typeof createChatRepositories>;

/** Questions asked (the users' chat messages) per Asia/Shanghai day in [since, until) (the console's rollups). */
export const dailyChatQuestions = (db: DbOrTx, tenantId: number, since: Date, until: Date) => {
  const day = shanghaiDay(chatMessages.createdAt);
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tenantId, tenantId),
        eq(chatMessages.role, 'user'),
        gte(chatMessages.createdAt, since),
        lt(chatMessages.createdAt, until),
      ),
    )
    .groupBy(day);
};
