import {
  CHAT_DEFAULT_ROBOT_ID,
  CHAT_MAX_RUNNING_PER_USER,
  CHAT_STOPPED_FREE_CHARS,
  CHAT_VIP_LINK,
  type ChatHistoryItem,
  type ChatMessage,
  type ChatMessageDetail,
  type ChatQuota,
  type ChatStartEvent,
  type endpoints,
  type Locale,
  type KeysetPaged,
  type PageQuery,
  type ParsedQueryOf,
  type TemplateField,
} from '@app/contract';
import './chat.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Membership } from '../../platform/auth/session.service.js';
import { shanghaiDate } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { localize } from '../../platform/i18n/stored-translations.js';
import type { TextProviders } from '../../platform/ai/text/text-providers.js';
import type { ChatTurn, TextGenerator } from '../../platform/ai/text/text-generator.js';
import { getAppConfig, getDictionary } from '../dictionary/index.js';
import { isVipAt } from '../../platform/identity/membership.js';
import { createChatRepository, type ChatMessageRow } from './chat.repository.js';
import type { GenerationRegistry, StopReason } from './generation-registry.js';
import { createTurnPreparation, type CheckedTurn, type TurnRequest } from './chat-prepare.js';
import { streamAnswer } from './chat-stream.js';
import {
  answerLength,
  createTurnStore,
  usageOf,
  type GenerationOutcome,
  type TurnRecord,
} from './chat-persist.js';

export { ROBOT_SYSTEM_PROMPT } from './chat-prepare.js';
export type { GenerationOutcome } from './chat-persist.js';
export type SendInput = TurnRequest;

/** Config and robot lists are read at most this often per tenant. */
const CACHE_MS = 5000;

export interface ChatDeps {
  db: Db;
  clock: Clock;
  providers: TextProviders;
  registry: GenerationRegistry;
  censor: Pick<CensorService, 'censorText'>;
  log: { error(obj: object, msg: string): void };
}

/** A question accepted and stored; `run` streams the answer into `onDelta` and stores the outcome. */
export interface PreparedGeneration {
  start: ChatStartEvent;
  run(onDelta: (text: string) => void): Promise<GenerationOutcome>;
  /** Stop (user), disconnect (client went away). */
  abort(reason: StopReason): void;
}

const iso = (d: Date) => d.toISOString();

/** Each select field with what its options show (`shown`: the shown texts of all fields' options, in order). */
const withOptionLabels = (fields: TemplateField[], shown: string[]): TemplateField[] => {
  let next = 0;
  return fields.map((f) => {
    if (!f.options) return f;
    const optionLabels = shown.slice(next, next + f.options.length);
    next += f.options.length;
    return { ...f, optionLabels };
  });
};

export const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  robotId: row.robotId,
  role: row.role === 'assistant' ? 'assistant' : 'user',
  content: row.content,
  status: row.status as ChatMessage['status'],
  provider: row.provider,
  model: row.model,
  usage: row.usage ?? null,
  replyTo: row.replyTo,
  templateId: row.templateId,
  fields: row.fields ?? null,
  error: row.errorId,
  edited: row.edited,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

/** Ids taken from a sequence in blocks, so most questions need no round trip for them. */
const idPool = (refill: () => Promise<number[]>) => {
  const ids: number[] = [];
  let pending: Promise<void> | null = null;
  return {
    async take(): Promise<number> {
      while (!ids.length) {
        pending ??= refill()
          .then((fresh) => {
            ids.push(...fresh);
          })
          .finally(() => {
            pending = null;
          });
        await pending;
      }
      return ids.shift()!;
    },
  };
};

/**
 * The chat robot. A question goes through three steps: prepare (checks, quota, the prompt: chat-prepare.ts),
 * stream (the provider's answer, censored as it comes: chat-stream.ts) and persist (the turn's rows:
 * chat-persist.ts).
 */
export const createChatService = (deps: ChatDeps) => {
  const { db, clock, providers, registry, censor } = deps;
  const repo = createChatRepository(db);
  const turns = createTurnPreparation({ repo, censor });
  /** tenant:user:date of users whose quota is used up today (saves a provider request per refusal). */
  const exhausted = new Set<string>();
  const store = createTurnStore({
    ...deps,
    onRefund: (t) => exhausted.delete(`${t.tenantId}:${t.userId}:${t.chargedDate}`),
  });
  const { ownMessage } = turns;
  const configCache = new Map<number, { at: number; questionNum: number; robots: Set<number> }>();
  const messageIds = idPool(() => repo.reserveIds('chat_message', 64));
  const conversationIds = idPool(() => repo.reserveIds('chat_conversation', 16));

  const tenantSettings = async (tenantId: number) => {
    const cached = configCache.get(tenantId);
    if (cached && performance.now() - cached.at < CACHE_MS) return cached;
    const [config, robotDict] = await Promise.all([
      getAppConfig(db, tenantId),
      getDictionary(db, tenantId, 'robot'),
    ]);
    const robots = new Set<number>([CHAT_DEFAULT_ROBOT_ID]);
    for (const item of robotDict.items) {
      const data = item.data as { kind?: string; id?: number } | null;
      if (data?.kind === 'profile' && typeof data.id === 'number') robots.add(data.id);
    }
    const fresh = { at: performance.now(), questionNum: config.questionNum, robots };
    configCache.set(tenantId, fresh);
    return fresh;
  };

  /**
   * 继续生成: the stopped answer streams again (and takes a question from the quota when it had given its own
   * back), in one transaction; the provider gets the conversation, the partial answer and a request to go on
   * (the offline engine writes the rest of its own text: same seed, from the answer's creation time); the new
   * text is appended to the same message.
   */
  const continueAnswer = async (args: {
    input: SendInput;
    turn: CheckedTurn & { continued: NonNullable<CheckedTurn['continued']> };
    messages: ChatTurn[];
    generator: TextGenerator;
    model: string;
    temperature?: number;
    now: Date;
    chargedDate: string | null;
    questionNum: number;
    refuse: () => AppError;
  }): Promise<PreparedGeneration> => {
    const { input, turn, messages, generator, model, now, chargedDate } = args;
    const { tenantId, userId, robotId } = input;
    const { answer, questionId } = turn.continued;
    await db.transaction(async (tx) => {
      const txRepo = createChatRepository(tx);
      if (!(await txRepo.resumeAnswer(tenantId, answer.id, now)))
        throw conflict('chat_message_not_continuable');
      if (
        chargedDate &&
        (await txRepo.consumeQuestion(tenantId, userId, chargedDate, args.questionNum)) === null
      )
        throw args.refuse();
    });
    const controller = new AbortController();
    const stream = generator.stream({
      messages,
      model,
      temperature: args.temperature,
      signal: controller.signal,
      context: {
        question: turn.content,
        template: turn.template
          ? { code: turn.template.code, kind: turn.template.kind, title: turn.template.title }
          : undefined,
        fields: turn.fields,
        // The seed the answer was first written with (see prepare), so the offline engine can go on.
        seed: answer.createdAt.getTime() & 0x7fffffff,
        continueFrom: answer.content,
      },
    });
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    first.catch(() => undefined);
    const record: TurnRecord = {
      tenantId,
      userId,
      robotId,
      locale: input.locale,
      questionId,
      answerId: answer.id,
      conversationId: answer.conversationId,
      conversation: turn.conversation,
      content: turn.content,
      question: turn.content,
      template: turn.template,
      fields: turn.fields,
      provider: generator.provider,
      model,
      now,
      chargedDate,
      continued: { prefix: answer.content },
    };
    registry.add(answer.id, { tenantId, userId, controller });
    const promptText = messages.map((m) => m.content).join('\n');
    return {
      start: {
        messageId: answer.id,
        questionId,
        conversationId: answer.conversationId,
        provider: generator.provider,
        model,
      },
      abort: (reason) => controller.abort(reason),
      async run(onDelta) {
        let streamed;
        try {
          streamed = await streamAnswer({
            first,
            iterator,
            controller,
            censor,
            tenantId,
            log: deps.log,
            messageId: answer.id,
            onDelta,
            before: answer.content,
          });
        } finally {
          registry.remove(answer.id);
        }
        const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
        return store.settle(record, { ...streamed, reason, promptText }, true);
      },
    };
  };

  /**
   * Validates and stores the question, takes it from the quota (members are not charged), starts the
   * provider request. Throws AppError (answered as a JSON envelope) for anything wrong before streaming.
   */
  const prepare = async (input: SendInput, membership: Membership): Promise<PreparedGeneration> => {
    const { tenantId, userId, robotId } = input;
    const settings = await tenantSettings(tenantId);
    if (!settings.robots.has(robotId)) throw notFound('chat_robot_not_found');
    const turn = await turns.check(input);
    const { template, fields, content, conversation } = turn;

    if (registry.runningFor(tenantId, userId) >= CHAT_MAX_RUNNING_PER_USER) {
      throw conflict('chat_busy', { max: CHAT_MAX_RUNNING_PER_USER });
    }

    const now = clock.now();
    const date = shanghaiDate(now);
    const exhaustedKey = `${tenantId}:${userId}:${date}`;
    // Continuing uses no question, unless the answer gave its question back (stopped short: chat-persist.ts).
    const charged =
      !isVipAt(membership, now) &&
      (!turn.continued || answerLength(turn.continued.answer.content) < CHAT_STOPPED_FREE_CHARS);
    const refuse = () =>
      new AppError(429, 'question_quota_exceeded', {
        limit: settings.questionNum,
        used: settings.questionNum,
        vipLink: CHAT_VIP_LINK,
      });
    // Known to be used up today: refuse without touching the provider.
    if (charged && exhausted.has(exhaustedKey)) throw refuse();

    const { generator, model, temperature } = providers.resolve({
      robotId,
      profile: template?.profile,
      model: template?.model,
      temperature: template?.temperature,
    });
    const { messages, question } = await turns.compose(tenantId, turn);
    const seed = now.getTime() & 0x7fffffff;
    if (turn.continued) {
      const markExhausted = () => {
        if (exhausted.size > 10000) exhausted.clear();
        exhausted.add(exhaustedKey);
        return refuse();
      };
      return continueAnswer({
        input,
        turn: { ...turn, continued: turn.continued },
        messages,
        generator,
        model,
        temperature,
        now,
        chargedDate: charged ? date : null,
        questionNum: settings.questionNum,
        refuse: markExhausted,
      });
    }

    // The provider request starts first; the quota write and the ids overlap its latency, and the
    // rows are written while the answer streams, so the first token waits on the network, not on the
    // database. A refused quota aborts the request before any token.
    const controller = new AbortController();
    const stream = generator.stream({
      messages,
      model,
      temperature,
      signal: controller.signal,
      context: {
        question: content,
        template: template ? { code: template.code, kind: template.kind, title: template.title } : undefined,
        fields,
        seed,
      },
    });
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    first.catch(() => undefined);

    let record: TurnRecord;
    try {
      const [used, questionId, answerId, newConversationId] = await Promise.all([
        charged ? repo.consumeQuestion(tenantId, userId, date, settings.questionNum) : Promise.resolve(0),
        messageIds.take(),
        messageIds.take(),
        conversation ? Promise.resolve(conversation.id) : conversationIds.take(),
      ]);
      if (used === null) {
        if (exhausted.size > 10000) exhausted.clear();
        exhausted.add(exhaustedKey);
        throw refuse();
      }
      record = {
        tenantId,
        userId,
        robotId,
        locale: input.locale,
        questionId,
        answerId,
        conversationId: newConversationId,
        conversation,
        content,
        question,
        template,
        fields,
        provider: generator.provider,
        model,
        now,
        chargedDate: charged ? date : null,
      };
    } catch (error) {
      controller.abort('disconnect');
      throw error;
    }
    // PGlite runs in this thread: a write now would hold the first token back, so the rows are
    // written once the first token is out (or the answer ends without one).
    let persisted: Promise<boolean> | undefined;
    const persist = () =>
      (persisted ??= store.storeQuestion(record).then(
        () => true,
        (error: unknown) => {
          deps.log.error({ err: error }, 'chat: storing the question failed');
          controller.abort('disconnect');
          return false;
        },
      ));
    const messageId = record.answerId;
    registry.add(messageId, { tenantId, userId, controller });
    const promptText = messages.map((m) => m.content).join('\n');

    return {
      start: {
        messageId,
        questionId: record.questionId,
        conversationId: record.conversationId,
        provider: generator.provider,
        model,
      },
      abort: (reason) => controller.abort(reason),
      async run(onDelta) {
        let answer;
        try {
          answer = await streamAnswer({
            first,
            iterator,
            controller,
            censor,
            tenantId,
            log: deps.log,
            messageId,
            onDelta: (text) => {
              onDelta(text);
              if (!persisted) setImmediate(() => void persist());
            },
          });
        } finally {
          registry.remove(messageId);
        }
        const stored = await persist();
        const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
        return store.settle(record, { ...answer, reason, promptText }, stored);
      },
    };
  };

  return {
    async quota(tenantId: number, userId: number, membership: Membership): Promise<ChatQuota> {
      const now = clock.now();
      const date = shanghaiDate(now);
      const [used, settings] = await Promise.all([
        repo.questionsUsed(tenantId, userId, date),
        tenantSettings(tenantId),
      ]);
      if (isVipAt(membership, now)) return { used, limit: null, remaining: null, isVip: true, date };
      const limit = settings.questionNum;
      return { used, limit, remaining: Math.max(0, limit - used), isVip: false, date };
    },

    prepare,

    /** Stops a streaming answer of this user, wherever it runs. */
    async stop(tenantId: number, userId: number, messageId: number) {
      // Running here: abort at once (its rows may still be being written), then wait briefly for the
      // stream's own loop to store the partial answer, so the answer is final.
      if (registry.stopLocal(messageId, tenantId, userId, 'stop')) {
        for (let i = 0; i < 50; i += 1) {
          const now = await repo.message(tenantId, messageId);
          if (now && now.status !== 'streaming') {
            return { messageId, status: now.status as ChatMessage['status'], stopped: true };
          }
          await new Promise((r) => setTimeout(r, 20));
        }
        return { messageId, status: 'stopped' as const, stopped: true };
      }
      const row = await ownMessage(tenantId, userId, messageId);
      if (row.role !== 'assistant') throw notFound('chat_message_not_found');
      if (row.status !== 'streaming') {
        return { messageId, status: row.status as ChatMessage['status'], stopped: false };
      }
      if (await registry.broadcastStop(messageId, tenantId, userId)) {
        for (let i = 0; i < 50; i += 1) {
          await new Promise((r) => setTimeout(r, 20));
          const now = await repo.message(tenantId, messageId);
          if (now?.status !== 'streaming')
            return { messageId, status: now?.status as ChatMessage['status'], stopped: true };
        }
      }
      // No process holds it (it crashed): close it as stopped with what was stored.
      await repo.finishAnswer(tenantId, messageId, {
        content: row.content,
        status: 'stopped',
        usage: usageOf(null, '', row.content, false),
        errorId: null,
        now: clock.now(),
      });
      return { messageId, status: 'stopped' as const, stopped: true };
    },

    async detail(tenantId: number, userId: number, messageId: number): Promise<ChatMessageDetail> {
      const row = await ownMessage(tenantId, userId, messageId);
      const question = row.replyTo ? await repo.message(tenantId, row.replyTo) : undefined;
      const template = row.templateId ? await repo.template(tenantId, row.templateId) : undefined;
      return {
        ...toChatMessage(row),
        question: question?.content ?? null,
        template: template
          ? {
              id: template.template.id,
              title: template.template.title,
              categoryId: template.template.categoryId,
            }
          : null,
      };
    },

    async update(tenantId: number, userId: number, messageId: number, content: string): Promise<ChatMessage> {
      const row = await ownMessage(tenantId, userId, messageId);
      if (row.role !== 'assistant' || (row.status !== 'done' && row.status !== 'stopped')) {
        throw conflict('chat_message_not_editable');
      }
      if (!(await censor.censorText(content, tenantId)).ok) throw badRequest('chat_content_rejected');
      return toChatMessage(await repo.updateContent(tenantId, messageId, content, clock.now()));
    },

    robotHistory: (tenantId: number, userId: number, query: ParsedQueryOf<typeof endpoints.chatHistory>) =>
      robotHistory(db, tenantId, userId, query),

    async conversations(
      tenantId: number,
      userId: number,
      query: ParsedQueryOf<typeof endpoints.chatConversations>,
    ) {
      const page = await repo.conversationPage(tenantId, userId, query);
      return {
        ...page,
        items: page.items.map((c) => ({
          id: c.id,
          robotId: c.robotId,
          title: c.title,
          templateId: c.templateId,
          lastMessage: c.lastMessage,
          messageCount: c.messageCount,
          createTime: iso(c.createdAt),
          updateTime: iso(c.updatedAt),
        })),
      };
    },
  };
};
export type ChatService = ReturnType<typeof createChatService>;

/**
 * The robot conversation history of a user, newest first, in the message-centre item shape (so
 * `/api/sysIMMessage/page` with peerId 999 can return it as is).
 */
export const robotHistory = async (
  db: Db,
  tenantId: number,
  userId: number,
  query: PageQuery &
    Partial<Pick<ParsedQueryOf<typeof endpoints.chatHistory>, 'conversationId' | 'robotId' | 'cursor'>>,
): Promise<KeysetPaged<ChatHistoryItem>> => {
  const robotId = query.robotId ?? CHAT_DEFAULT_ROBOT_ID;
  const page = await createChatRepository(db).historyPage(tenantId, userId, {
    robotId,
    conversationId: query.conversationId,
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return {
    ...page,
    items: page.items.map(({ message: m, templateTitle }) => ({
      id: m.id,
      type: 'chat' as const,
      title: templateTitle ?? '',
      content: m.content,
      link: m.role === 'assistant' ? `/pages/detail/copy?id=${m.id}` : null,
      data: {
        conversationId: m.conversationId,
        role: m.role,
        status: m.status,
        provider: m.provider,
        templateId: m.templateId,
        replyTo: m.replyTo,
      },
      checked: true,
      senderId: m.role === 'assistant' ? robotId : userId,
      peerId: robotId,
      receiveTime: iso(m.createdAt),
      date: shanghaiDate(m.createdAt),
    })),
  };
};

/** Template list and detail (public). */
export const createTemplateService = (db: Db, cache: MemoryCache) => {
  const repo = createChatRepository(db);
  // Categories and template pages (not searches), per language, until a template or category changes.
  const lists = cache.area<unknown>({
    tables: ['prompt_template', 'prompt_template_category'],
    maxEntries: 500,
  });
  const categories = async (tenantId: number, locale: Locale) =>
    (await repo.categories(tenantId)).map(({ i18n, ...category }) => localize(category, i18n, locale));
  const templatePage = async (
    tenantId: number,
    query: ParsedQueryOf<typeof endpoints.promptTemplatePage>,
    locale: Locale,
  ) => {
    const { rows, total } = await repo.templatePage(tenantId, query);
    const items = rows.map(({ i18n, ...row }) => localize(row, i18n, locale));
    return { items, total, page: query.page, pageSize: query.pageSize };
  };
  return {
    categories: (tenantId: number, locale: Locale = 'zh-Hans') =>
      lists.get(`categories:${tenantId}:${locale}`, () => categories(tenantId, locale)) as ReturnType<
        typeof categories
      >,
    page(
      tenantId: number,
      query: ParsedQueryOf<typeof endpoints.promptTemplatePage>,
      locale: Locale = 'zh-Hans',
    ) {
      if (query.keyword) return templatePage(tenantId, query, locale);
      const key = `page:${tenantId}:${locale}:${query.page}:${query.pageSize}:${query.categoryId ?? 0}`;
      return lists.get(key, () => templatePage(tenantId, query, locale)) as ReturnType<typeof templatePage>;
    },
    async detail(tenantId: number, id: number, locale: Locale = 'zh-Hans') {
      const found = await repo.template(tenantId, id);
      if (!found) throw notFound('prompt_template_not_found');
      const t = found.template;
      // Field labels and placeholders are stored as lists parallel to `fields`, the options' shown texts as one list
      // of all options in order (each used only while it still matches).
      const options = t.fields.flatMap((f) => f.options ?? []);
      const { fieldLabels, fieldPlaceholders, fieldOptions, ...texts } = localize(
        {
          title: t.title,
          description: t.description,
          example: t.example,
          fieldLabels: t.fields.map((f) => f.label),
          fieldPlaceholders: t.fields.map((f) => f.placeholder),
          fieldOptions: options,
        },
        t.i18n,
        locale,
      );
      const sameLength =
        fieldLabels.length === t.fields.length && fieldPlaceholders.length === t.fields.length;
      return {
        ...texts,
        id: t.id,
        categoryId: t.categoryId,
        categoryName: localize({ name: found.categoryName }, found.categoryI18n, locale).name,
        icon: t.icon,
        useCount: t.useCount,
        sort: t.sort,
        fields: withOptionLabels(
          sameLength
            ? t.fields.map((f, i) => ({ ...f, label: fieldLabels[i]!, placeholder: fieldPlaceholders[i]! }))
            : t.fields,
          fieldOptions.length === options.length ? fieldOptions : options,
        ),
      };
    },
  };
};
