import {
  CHAT_DEFAULT_ROBOT_ID,
  CHAT_MAX_RUNNING_PER_USER,
  CHAT_VIP_LINK,
  type ChatDoneEvent,
  type ChatErrorEvent,
  type ChatHistoryItem,
  type ChatMessage,
  type ChatMessageDetail,
  type ChatQuota,
  type ChatStartEvent,
  type ChatUsage,
  type Locale,
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
import { translate } from '../../platform/i18n/i18n.js';
import { localize } from '../../platform/i18n/stored-translations.js';
import type { TextProviders } from '../../platform/ai/text/text-providers.js';
import {
  estimateTokens,
  TextGenerationError,
  type ChatTurn,
  type TextChunk,
  type TextUsage,
} from '../../platform/ai/text/text-generator.js';
import { getAppConfig, getDictionary } from '../dictionary/index.js';
import { recordHistory } from '../history/index.js';
import { isVipAt } from '../../platform/identity/membership.js';
import { createChatRepository, type ChatMessageRow, type TemplateRow } from './chat.repository.js';
import type { GenerationRegistry, StopReason } from './generation-registry.js';
import { fillPrompt } from './template.seed.js';

/** The robot's instructions when no template is used. */
export const ROBOT_SYSTEM_PROMPT =
  '你是「AI 创作助手」，一名专业的中文文案与内容创作助手。擅长写短视频文案与脚本、小红书笔记、朋友圈文案、标题、营销文案和办公文书。回答用简体中文（除非用户使用其他语言），直接给出可用的成稿，结构清晰，适当使用 Markdown 标题、列表和表格；不编造具体数据，不输出违法违规内容。';

/** Turns of earlier conversation sent as context. */
const CONTEXT_TURNS = 10;
/** The output censor looks at the new chunk plus this many characters before it (words split across chunks). */
const CENSOR_TAIL = 24;
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

export interface SendInput {
  tenantId: number;
  userId: number;
  robotId: number;
  locale: Locale;
  content: string;
  conversationId?: number;
  templateId?: number;
  fields?: Record<string, string>;
  regenerateOf?: number;
}

export type GenerationOutcome =
  { event: 'done'; data: ChatDoneEvent } | { event: 'error'; data: ChatErrorEvent };

/** A question accepted and stored; `run` streams the answer into `onDelta` and stores the outcome. */
export interface PreparedGeneration {
  start: ChatStartEvent;
  run(onDelta: (text: string) => void): Promise<GenerationOutcome>;
  /** Stop (user), disconnect (client went away). */
  abort(reason: StopReason): void;
}

const iso = (d: Date) => d.toISOString();

const usageOf = (u: TextUsage | null, prompt: string, text: string, reported: boolean): ChatUsage => {
  if (u && reported) return { ...u, reported: true };
  const promptTokens = u?.promptTokens ?? estimateTokens(prompt);
  const completionTokens = estimateTokens(text);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, reported: false };
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

/** Checks a template run's fields; messages already in the caller's language. */
const checkFields = (fields: TemplateField[], values: Record<string, string>, locale: Locale) => {
  const errors: Record<string, string[]> = {};
  const clean: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (!value && field.required)
      errors[`fields.${field.name}`] = [translate(locale, 'template_field_required', { label: field.label })];
    else if (value.length > field.maxLength)
      errors[`fields.${field.name}`] = [
        translate(locale, 'template_field_too_long', { label: field.label, max: field.maxLength }),
      ];
    else if (value) clean[field.name] = value;
  }
  if (Object.keys(errors).length) throw new AppError(400, 'validation_failed', {}, errors);
  return clean;
};

/** How a template run reads in the history: 【title】label：value；… */
const describeRun = (template: TemplateRow, fields: Record<string, string>, content: string) => {
  const parts = template.fields.filter((f) => fields[f.name]).map((f) => `${f.label}：${fields[f.name]}`);
  return [`【${template.title}】${parts.join('；')}`, content].filter(Boolean).join('\n');
};

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

export const createChatService = (deps: ChatDeps) => {
  const { db, clock, providers, registry, censor } = deps;
  const repo = createChatRepository(db);
  const configCache = new Map<number, { at: number; questionNum: number; robots: Set<number> }>();
  const messageIds = idPool(() => repo.reserveIds('chat_message', 64));
  const conversationIds = idPool(() => repo.reserveIds('chat_conversation', 16));
  /** tenant:user:date of users whose quota is used up today (saves a provider request per refusal). */
  const exhausted = new Set<string>();

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

  const ownMessage = async (tenantId: number, userId: number, id: number) => {
    const row = await repo.message(tenantId, id);
    if (!row || row.userId !== userId) throw notFound('chat_message_not_found');
    return row;
  };

  const loadTemplate = async (tenantId: number, id: number) => {
    const found = await repo.template(tenantId, id);
    if (!found) throw notFound('prompt_template_not_found');
    return found;
  };

  /**
   * Validates and stores the question, takes it from the quota (members are not charged), starts the
   * provider request. Throws AppError (answered as a JSON envelope) for anything wrong before streaming.
   */
  const prepare = async (input: SendInput, membership: Membership): Promise<PreparedGeneration> => {
    const { tenantId, userId, robotId, locale } = input;
    const settings = await tenantSettings(tenantId);
    if (!settings.robots.has(robotId)) throw notFound('chat_robot_not_found');

    let content = input.content.trim();
    let templateId = input.templateId;
    let fieldValues = input.fields;
    let conversationId = input.conversationId;
    if (input.regenerateOf) {
      const original = await ownMessage(tenantId, userId, input.regenerateOf);
      const question =
        original.role === 'user'
          ? original
          : original.replyTo
            ? await ownMessage(tenantId, userId, original.replyTo)
            : undefined;
      if (!question) throw notFound('chat_message_not_found');
      templateId = question.templateId ?? undefined;
      fieldValues = question.fields ?? undefined;
      conversationId = question.conversationId;
      // A template run's stored question is its description; the user's own words were the extra line.
      if (!templateId) content = question.content;
    }

    const template = templateId ? (await loadTemplate(tenantId, templateId)).template : undefined;
    const fields = template ? checkFields(template.fields, fieldValues ?? {}, locale) : undefined;
    if (!template && !content)
      throw new AppError(400, 'validation_failed', {}, { content: ['chat_content_required'] });

    const conversation = conversationId
      ? await repo.conversation(tenantId, userId, conversationId)
      : undefined;
    if (conversationId && (!conversation || conversation.robotId !== robotId))
      throw notFound('chat_conversation_not_found');

    const inputText = [content, ...Object.values(fields ?? {})].join('\n');
    if (!(await censor.censorText(inputText, tenantId)).ok) throw badRequest('chat_content_rejected');

    if (registry.runningFor(tenantId, userId) >= CHAT_MAX_RUNNING_PER_USER) {
      throw conflict('chat_busy', { max: CHAT_MAX_RUNNING_PER_USER });
    }

    const now = clock.now();
    const date = shanghaiDate(now);
    const exhaustedKey = `${tenantId}:${userId}:${date}`;
    const charged = !isVipAt(membership, now);
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
    const userPrompt = template
      ? [fillPrompt(template.prompt, fields ?? {}), content && `补充要求：${content}`]
          .filter(Boolean)
          .join('\n')
      : content;
    const history: ChatTurn[] = conversation
      ? (await repo.context(tenantId, conversation.id, CONTEXT_TURNS)).map((m) => ({
          role: m.role === 'assistant' ? 'assistant' : 'user',
          content: m.content,
        }))
      : [];
    const messages: ChatTurn[] = [
      { role: 'system', content: template?.systemPrompt ?? ROBOT_SYSTEM_PROMPT },
      ...history,
      { role: 'user', content: userPrompt },
    ];
    const question = template ? describeRun(template, fields ?? {}, content) : content;
    const seed = now.getTime() & 0x7fffffff;

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

    let stored: { questionId: number; answerId: number; conversationId: number };
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
      stored = { questionId, answerId, conversationId: newConversationId };
    } catch (error) {
      controller.abort('disconnect');
      throw error;
    }
    // PGlite runs in this thread: a write now would hold the first token back, so the rows are
    // written once the first token is out (or the answer ends without one).
    let persisted: Promise<boolean> | undefined;
    const persist = () =>
      (persisted ??= db
        .transaction(async (tx) => {
          const txRepo = createChatRepository(tx);
          if (!conversation) {
            await txRepo.createConversation({
              id: stored.conversationId,
              tenantId,
              userId,
              robotId,
              title: (template?.title ?? content).slice(0, 40),
              templateId: template?.id ?? null,
              now,
            });
          }
          await txRepo.insertTurn({
            questionId: stored.questionId,
            answerId: stored.answerId,
            tenantId,
            userId,
            robotId,
            conversationId: stored.conversationId,
            question,
            templateId: template?.id ?? null,
            fields: fields ?? null,
            provider: generator.provider,
            model,
            now,
          });
          if (template) await txRepo.countTemplateUse(template.id);
        })
        .then(
          () => true,
          (error: unknown) => {
            deps.log.error({ err: error }, 'chat: storing the question failed');
            controller.abort('disconnect');
            return false;
          },
        ));
    const messageId = stored.answerId;
    registry.add(messageId, { tenantId, userId, controller });
    const promptText = messages.map((m) => m.content).join('\n');

    return {
      start: {
        messageId,
        questionId: stored.questionId,
        conversationId: stored.conversationId,
        provider: generator.provider,
        model,
      },
      abort: (reason) => controller.abort(reason),
      async run(onDelta) {
        let text = '';
        let usage: TextUsage | null = null;
        let failure: string | null = null;
        try {
          let next: IteratorResult<TextChunk> = await first;
          while (!next.done) {
            const chunk = next.value;
            if ('text' in chunk) {
              if (!(await censor.censorText(text.slice(-CENSOR_TAIL) + chunk.text, tenantId)).ok) {
                failure = 'chat_output_rejected';
                controller.abort('censor');
                await iterator.return?.(undefined);
                break;
              }
              text += chunk.text;
              onDelta(chunk.text);
              if (!persisted) setImmediate(() => void persist());
            } else {
              usage = chunk.usage;
            }
            next = await iterator.next();
          }
        } catch (error) {
          if (!controller.signal.aborted) {
            if (error instanceof TextGenerationError) failure = error.id;
            else {
              deps.log.error({ err: error, messageId }, 'chat generation failed');
              failure = 'ai_provider_error';
            }
          }
        } finally {
          registry.remove(messageId);
        }
        if (!(await persist())) {
          if (charged) await repo.refundQuestion(tenantId, userId, date).catch(() => undefined);
          return {
            event: 'error',
            data: { error: 'internal_error', message: translate(locale, 'internal_error'), messageId },
          };
        }
        const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
        const stopped = !failure && (reason === 'stop' || reason === 'disconnect');
        // Offline usage is an estimate; a stopped answer counts only what was generated.
        const finalUsage = usageOf(
          usage,
          promptText,
          text,
          generator.provider !== 'offline' && !stopped && !failure,
        );
        const status = failure ? 'error' : stopped ? 'stopped' : 'done';
        await repo.finishAnswer(tenantId, messageId, {
          content: text,
          status,
          usage: finalUsage,
          errorId: failure,
          now: clock.now(),
        });
        if (template && text) {
          // A template run is a piece of generated copy: it shows in the user's history (/pages/index/history).
          await recordHistory(db, {
            tenantId,
            userId,
            kind: 'generated',
            refType: 'copy',
            refId: messageId,
            title: template.title,
            link: `/pages/detail/copy?id=${messageId}`,
            now: clock.now(),
          }).catch((error: unknown) => deps.log.error({ err: error }, 'chat: history row failed'));
        }
        if (failure) {
          // Nothing written: the question was not really answered, give it back.
          if (charged && !text && failure !== 'chat_output_rejected')
            await repo.refundQuestion(tenantId, userId, date).catch(() => undefined);
          return {
            event: 'error',
            data: { error: failure, message: translate(locale, failure), messageId },
          };
        }
        return {
          event: 'done',
          data: {
            messageId,
            conversationId: stored.conversationId,
            text,
            usage: finalUsage,
            stopped,
            provider: generator.provider,
            model,
          },
        };
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

    robotHistory: (
      tenantId: number,
      userId: number,
      query: { page: number; pageSize: number; conversationId?: number; robotId?: number },
    ) => robotHistory(db, tenantId, userId, query),

    async conversations(
      tenantId: number,
      userId: number,
      query: { page: number; pageSize: number; robotId?: number },
    ) {
      const { rows, total } = await repo.conversationPage(tenantId, userId, query);
      return {
        items: rows.map((c) => ({
          id: c.id,
          robotId: c.robotId,
          title: c.title,
          templateId: c.templateId,
          lastMessage: c.lastMessage,
          messageCount: c.messageCount,
          createTime: iso(c.createdAt),
          updateTime: iso(c.updatedAt),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
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
  query: { page: number; pageSize: number; conversationId?: number; robotId?: number },
): Promise<{ items: ChatHistoryItem[]; total: number; page: number; pageSize: number }> => {
  const robotId = query.robotId ?? CHAT_DEFAULT_ROBOT_ID;
  const { rows, total } = await createChatRepository(db).historyPage(tenantId, userId, {
    robotId,
    conversationId: query.conversationId,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: rows.map(({ message: m, templateTitle }) => ({
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
    total,
    page: query.page,
    pageSize: query.pageSize,
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
    query: { page: number; pageSize: number; categoryId?: number; keyword?: string },
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
      query: { page: number; pageSize: number; categoryId?: number; keyword?: string },
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
      return {
        ...localize({ title: t.title, description: t.description }, t.i18n, locale),
        id: t.id,
        categoryId: t.categoryId,
        categoryName: localize({ name: found.categoryName }, found.categoryI18n, locale).name,
        icon: t.icon,
        useCount: t.useCount,
        sort: t.sort,
        fields: t.fields,
        example: t.example,
      };
    },
  };
};
