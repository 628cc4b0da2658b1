import {
  SERVICE_USER_ID,
  type endpoints,
  type Feedback,
  type ImMessage,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ServiceConversation,
} from '@app/contract';
import './help.messages.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { noticeTitle } from '../../platform/notify.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { ImMessageService } from '../im-message/index.js';
import { mapPage, type Page } from '../../platform/db/paged.js';
import { authorSummary } from '../../platform/identity/author.js';
import type { FeedbackImage } from './help.table.js';
import type { FeedbackWithAuthor, HelpRepositories } from './help.repository.js';
import { feedbacks } from './help.table.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { sortedBy } from '../../platform/db/sql.js';

type FeedbackType = Feedback['type'];

interface HelpDeps {
  store: HelpRepositories;
  clock: Clock;
  storage: FileStorage;
  messages: ImMessageService;
}

/** Feedback: sent with the user's own images, listed for the user and operators, handled with a reply. */
const createFeedback = ({ store, clock, storage, messages }: HelpDeps) => {
  const { help: repo } = store.repos;
  const toFeedback = ({ feedback: row, user }: FeedbackWithAuthor): Feedback => ({
    id: row.id,
    type: row.type as FeedbackType,
    content: row.content,
    images: row.images.map((image) => storage.urlFor(image.key, image.visibility)),
    contact: row.contact,
    status: row.status === 'handled' ? 'handled' : 'pending',
    reply: row.reply,
    user: authorSummary(user),
    createTime: row.createdAt.toISOString(),
    handleTime: row.handledAt?.toISOString() ?? null,
  });

  /** The stored images the URLs point at, each an image the user uploaded in this tenant. */
  const ownImages = async (
    { tenantId, uid }: Actor,
    urls: string[],
    origins: string[],
  ): Promise<FeedbackImage[]> => {
    const resolved = urls.map((url) => storage.resolveOwnUrl(url, origins));
    if (resolved.some((r) => !r)) throw badRequest('feedback_image_invalid');
    const keys = resolved.map((r) => r!.key);
    const found = new Map(
      (await storage.ownImages(tenantId, uid, { keys })).map((r) => [r.key, r.visibility]),
    );
    if (keys.some((key) => !found.has(key))) throw badRequest('feedback_image_invalid');
    return [...new Set(keys)].map((key) => ({ key, visibility: found.get(key)! }));
  };

  return {
    async addFeedback(actor: Actor, body: ParsedBodyOf<typeof endpoints.feedbackAdd>, origins: string[]) {
      const images = await ownImages(actor, body.images, origins);
      const id = await repo.insert({
        tenantId: actor.tenantId,
        userId: actor.uid,
        type: body.type,
        content: body.content,
        images,
        contact: body.contact || null,
        createdAt: clock.now(),
      });
      return { id };
    },

    myFeedback: async ({ tenantId, uid }: Actor, page: ParsedQueryOf<typeof endpoints.feedbackMine>) =>
      mapPage(await repo.feedbackPage({ tenantId, userId: uid }, page), (rows) => rows.map(toFeedback)),

    feedbackPage: async ({ tenantId }: Actor, body: ParsedBodyOf<typeof endpoints.feedbackPage>) =>
      mapPage(await repo.feedbackPage({ tenantId, status: body.status, type: body.type }, body), (rows) =>
        rows.map(toFeedback),
      ),

    /** The console's table: filters, keyword and the operator's sort, in SQL. */
    consoleFeedbackPage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleFeedbackPage>) =>
      mapPage(
        await repo.feedbackPage(
          { tenantId, status: q.filters.status, type: q.filters.type, keyword: q.filters.keyword },
          q,
          sortedBy(
            { createTime: feedbacks.createdAt, handleTime: feedbacks.handledAt },
            q,
            'createTime',
            feedbacks.id,
          ),
        ),
        (rows) => rows.map(toFeedback),
      ),

    async handleFeedback(actor: Actor, body: ParsedBodyOf<typeof endpoints.feedbackHandle>) {
      const { tenantId, uid: operatorId } = actor;
      const handled = await store.transaction(async ({ help }, tx) => {
        const done = await help.markHandled(tenantId, body.id, {
          reply: body.reply ?? null,
          handledBy: operatorId,
          handledAt: clock.now(),
        });
        if (done) {
          await writeAudit(tx, actor, {
            action: 'feedback.reply',
            targetType: 'feedback',
            targetId: body.id,
            before: { status: 'pending' },
            after: { status: 'handled', reply: body.reply ?? null },
          });
        }
        return done;
      });
      if (!handled) throw notFound('feedback_not_found');
      const row = handled.feedback;
      if (body.reply) {
        await messages.notify(tenantId, row.userId, {
          type: 'service',
          ...noticeTitle('feedback_reply_title'),
          content: body.reply,
          link: '/set/help/feedback',
          senderId: SERVICE_USER_ID,
          peerId: SERVICE_USER_ID,
          data: { feedbackId: row.id, operatorId },
        });
      }
      return toFeedback(handled);
    },
  };
};

/** The customer-service conversation: the user's lines, operators' replies (audited, pushed) and the inbox. */
const createServiceDesk = ({ messages }: HelpDeps) => ({
  /** The user's line to customer service (stored, shown in the conversation at once). */
  sendToService: ({ tenantId, uid }: Actor, content: string): Promise<ImMessage> =>
    messages.appendChat(tenantId, uid, { peerId: SERVICE_USER_ID, senderId: uid, content }),

  /** An operator's reply: a `service` notice from 10086, stored with its audit row, pushed over the hub. */
  async reply(actor: Actor, userId: number, content: string) {
    if (userId === SERVICE_USER_ID || !(await messages.userExists(actor.tenantId, userId)))
      throw notFound('service_user_not_found');
    return messages.notifyAudited(
      actor,
      userId,
      {
        type: 'service',
        ...noticeTitle('message_service_reply_title'),
        content,
        link: '/set/help/service',
        senderId: SERVICE_USER_ID,
        peerId: SERVICE_USER_ID,
        data: { operatorId: actor.uid },
      },
      (message) => ({
        action: 'service.reply',
        targetType: 'user',
        targetId: userId,
        after: { messageId: message.id, content },
      }),
    );
  },

  /** Conversations with customer service, the latest first; `waiting` = the user wrote last. */
  conversations: (
    { tenantId }: Actor,
    body: ParsedBodyOf<typeof endpoints.serviceConversations>,
  ): Promise<Page<ServiceConversation>> => messages.conversationsWith(tenantId, SERVICE_USER_ID, body),

  /** One user's conversation for operators, newest first (the same rows the user sees). */
  messagesOf: ({ tenantId }: Actor, body: ParsedBodyOf<typeof endpoints.serviceMessages>) =>
    messages.conversationPage(tenantId, body.userId, SERVICE_USER_ID, body),
});

/**
 * Help centre: feedback (stored for operators, images must be the user's own uploads) and the
 * customer-service conversation, kept in the message centre's table: the user's lines are `chat` rows with
 * peer 10086, operators' replies are `service` notices from 10086, pushed live and counted as unread.
 */
export const createHelpService = (deps: HelpDeps) => ({
  ...createFeedback(deps),
  ...createServiceDesk(deps),
});
export type HelpService = ReturnType<typeof createHelpService>;
