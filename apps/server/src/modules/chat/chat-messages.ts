import {
  CHAT_DEFAULT_ROBOT_ID,
  type ChatHistoryItem,
  type ChatMessage,
  type ChatMessageDetail,
  type endpoints,
  type KeysetPaged,
  type PageQuery,
  type ParsedQueryOf,
} from '@app/contract';
import type { CensorService } from '../../platform/censor/censor-service.js';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { usageOf } from './chat-persist.js';
import type { createTurnPreparation } from './chat-prepare.js';
import type { ChatMessageRow, ChatRepository } from './chat.repository.js';
import type { GenerationRegistry } from './generation-registry.js';

const iso = (d: Date) => d.toISOString();

const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
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

/** A page of the robot conversation history: the chat's own query, or the message centre's (peerId 999). */
export type RobotHistoryQuery = PageQuery &
  Partial<Pick<ParsedQueryOf<typeof endpoints.chatHistory>, 'conversationId' | 'robotId' | 'cursor'>>;

/**
 * The caller's robot conversation history, newest first, in the message-centre item shape (so
 * `/api/sysIMMessage/page` with peerId 999 can return it as is).
 */
const robotHistory = async (
  repo: ChatRepository,
  { tenantId, uid: userId }: Actor,
  query: RobotHistoryQuery,
): Promise<KeysetPaged<ChatHistoryItem>> => {
  const robotId = query.robotId ?? CHAT_DEFAULT_ROBOT_ID;
  const page = await repo.historyPage(tenantId, userId, {
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

/** A user's messages and conversations with the robot: stop, read, edit and list. */
export const createChatMessages = (deps: {
  clock: Clock;
  repo: ChatRepository;
  registry: GenerationRegistry;
  censor: Pick<CensorService, 'censorText'>;
  turns: ReturnType<typeof createTurnPreparation>;
}) => {
  const { clock, repo, registry, censor } = deps;
  const { ownMessage } = deps.turns;
  return {
    /** Stops a streaming answer of this user, wherever it runs. */
    async stop(actor: Actor, messageId: number) {
      const { tenantId, uid: userId } = actor;
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
      const row = await ownMessage(actor, messageId);
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

    async detail(actor: Actor, messageId: number): Promise<ChatMessageDetail> {
      const { tenantId } = actor;
      const row = await ownMessage(actor, messageId);
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

    async update(actor: Actor, messageId: number, content: string): Promise<ChatMessage> {
      const { tenantId } = actor;
      const row = await ownMessage(actor, messageId);
      if (row.role !== 'assistant' || (row.status !== 'done' && row.status !== 'stopped')) {
        throw conflict('chat_message_not_editable');
      }
      if (!(await censor.censorText(content, tenantId)).ok) throw badRequest('chat_content_rejected');
      return toChatMessage(await repo.updateContent(tenantId, messageId, content, clock.now()));
    },

    /** The caller's robot conversation (the chat's history, and the message centre's peerId 999). */
    robotHistory: (actor: Actor, query: RobotHistoryQuery) => robotHistory(repo, actor, query),

    async conversations({ tenantId, uid }: Actor, query: ParsedQueryOf<typeof endpoints.chatConversations>) {
      const page = await repo.conversationPage(tenantId, uid, query);
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
