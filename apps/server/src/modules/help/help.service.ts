import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { SERVICE_USER_ID, type Feedback, type ImMessage, type ServiceConversation } from '@app/contract';
import './help.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { files } from '../../platform/storage/file.table.js';
import type { ImMessageService } from '../im-message/index.js';
import type { Page } from '../../platform/db/paged.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { feedbacks, type FeedbackImage } from './help.table.js';

type FeedbackType = Feedback['type'];

/**
 * Help centre: feedback (stored for operators, images must be the user's own uploads) and the
 * customer-service conversation, kept in the message centre's table: the user's lines are `chat` rows with
 * peer 10086, operators' replies are `service` notices from 10086, pushed live and counted as unread.
 */
export const createHelpService = (deps: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  messages: ImMessageService;
}) => {
  const { db, clock, storage, messages } = deps;

  const toFeedback = (
    row: typeof feedbacks.$inferSelect,
    user: Parameters<typeof authorSummary>[0],
  ): Feedback => ({
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

  const feedbackPage = async (conditions: SQL[], page: { page: number; pageSize: number }) => {
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select({ feedback: feedbacks, user: authorSummaryColumns })
        .from(feedbacks)
        .innerJoin(users, eq(users.id, feedbacks.userId))
        .where(where)
        .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ total: count() }).from(feedbacks).where(where),
    ]);
    return {
      items: rows.map((r) => toFeedback(r.feedback, r.user)),
      total: total?.total ?? 0,
      page: page.page,
      pageSize: page.pageSize,
    };
  };

  /** The stored images the URLs point at, each an image the user uploaded in this tenant. */
  const ownImages = async (
    tenantId: number,
    uid: number,
    urls: string[],
    origins: string[],
  ): Promise<FeedbackImage[]> => {
    const resolved = urls.map((url) => storage.resolveOwnUrl(url, origins));
    if (resolved.some((r) => !r)) throw badRequest('feedback_image_invalid');
    const keys = resolved.map((r) => r!.key);
    if (!keys.length) return [];
    const rows = await db
      .select({ key: files.storageKey, visibility: files.visibility })
      .from(files)
      .where(
        and(
          eq(files.tenantId, tenantId),
          eq(files.userId, uid),
          eq(files.kind, 'image'),
          inArray(files.storageKey, keys),
        ),
      );
    const found = new Map(rows.map((r) => [r.key, r.visibility]));
    if (keys.some((key) => !found.has(key))) throw badRequest('feedback_image_invalid');
    return [...new Set(keys)].map((key) => ({
      key,
      visibility: found.get(key) === 'private' ? 'private' : 'public',
    }));
  };

  return {
    async addFeedback(
      tenantId: number,
      uid: number,
      body: { type: FeedbackType; content: string; images: string[]; contact?: string },
      origins: string[],
    ) {
      const images = await ownImages(tenantId, uid, body.images, origins);
      const [row] = await db
        .insert(feedbacks)
        .values({
          tenantId,
          userId: uid,
          type: body.type,
          content: body.content,
          images,
          contact: body.contact || null,
          createdAt: clock.now(),
        })
        .returning({ id: feedbacks.id });
      return { id: row!.id };
    },

    myFeedback: (tenantId: number, uid: number, page: { page: number; pageSize: number }) =>
      feedbackPage([eq(feedbacks.tenantId, tenantId), eq(feedbacks.userId, uid)], page),

    feedbackPage: (
      tenantId: number,
      body: { page: number; pageSize: number; status?: Feedback['status']; type?: FeedbackType },
    ) =>
      feedbackPage(
        [
          eq(feedbacks.tenantId, tenantId),
          ...(body.status ? [eq(feedbacks.status, body.status)] : []),
          ...(body.type ? [eq(feedbacks.type, body.type)] : []),
        ],
        body,
      ),

    async handleFeedback(tenantId: number, operatorId: number, body: { id: number; reply?: string }) {
      const [row] = await db
        .update(feedbacks)
        .set({
          status: 'handled',
          reply: body.reply ?? null,
          handledBy: operatorId,
          handledAt: clock.now(),
        })
        .where(and(eq(feedbacks.tenantId, tenantId), eq(feedbacks.id, body.id)))
        .returning();
      if (!row) throw notFound('feedback_not_found');
      if (body.reply) {
        await messages.notify(tenantId, row.userId, {
          type: 'service',
          title: translate('zh-Hans', 'feedback_reply_title'),
          content: body.reply,
          link: '/set/help/feedback',
          senderId: SERVICE_USER_ID,
          peerId: SERVICE_USER_ID,
          data: { feedbackId: row.id, operatorId },
        });
      }
      const [user] = await db.select(authorSummaryColumns).from(users).where(eq(users.id, row.userId));
      return toFeedback(row, user!);
    },

    /** The user's line to customer service (stored, shown in the conversation at once). */
    sendToService: (tenantId: number, uid: number, content: string): Promise<ImMessage> =>
      messages.appendChat(tenantId, uid, { peerId: SERVICE_USER_ID, senderId: uid, content }),

    /** An operator's reply: a `service` notice from 10086, stored and pushed over the hub. */
    async reply(tenantId: number, operatorId: number, userId: number, content: string) {
      if (userId === SERVICE_USER_ID || !(await messages.userExists(tenantId, userId)))
        throw notFound('service_user_not_found');
      return messages.notify(tenantId, userId, {
        type: 'service',
        title: translate('zh-Hans', 'message_service_reply_title'),
        content,
        link: '/set/help/service',
        senderId: SERVICE_USER_ID,
        peerId: SERVICE_USER_ID,
        data: { operatorId },
      });
    },

    /** Conversations with customer service, the latest first; `waiting` = the user wrote last. */
    conversations: (
      tenantId: number,
      body: { page: number; pageSize: number; waiting?: boolean },
    ): Promise<Page<ServiceConversation>> => messages.conversationsWith(tenantId, SERVICE_USER_ID, body),

    /** One user's conversation for operators, newest first (the same rows the user sees). */
    messagesOf: (tenantId: number, body: { userId: number; page: number; pageSize: number }) =>
      messages.conversationPage(tenantId, body.userId, SERVICE_USER_ID, body),
  };
};
