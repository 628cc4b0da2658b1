import { actorFor, type Actor } from '../../platform/identity/actor.js';
import {
  endpoints,
  hubMethods,
  markReadArgsSchema,
  ROBOT_USER_ID,
  SERVICE_USER_ID,
  type ImMessagePageResult,
  sendToUserArgsSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { noticeTitle } from '../../platform/notify.js';
import type { ImMessageModule } from './im-message.module.js';

/**
 * `/api/sysIMMessage/*` and the hub methods of the message centre (MarkRead, GetUnreadCount, SendToUser);
 * services built by im-message.module.ts.
 */
export const registerImMessageRoutes = (
  app: FastifyInstance,
  { messages: service, robotHistory, hub }: ImMessageModule,
) => {
  /** The robot's conversation (peerId 999) lives in the chat module's tables; it answers in this shape. */
  const page = async (
    actor: Actor,
    filter: Parameters<typeof service.page>[1],
  ): Promise<ImMessagePageResult> => {
    if (filter.peerId !== ROBOT_USER_ID) return service.page(actor, filter);
    const [history, { unread }] = await Promise.all([
      filter.checked === false
        ? { items: [], total: 0, hasMore: false, nextCursor: null }
        : robotHistory(actor, {
            page: filter.page,
            pageSize: filter.pageSize,
            cursor: filter.cursor,
          }),
      service.unreadCount(actor),
    ]);
    const groups: ImMessagePageResult['groups'] = [];
    for (const item of history.items) {
      const last = groups.at(-1);
      if (last?.date === item.date) last.items.push(item);
      else groups.push({ date: item.date, items: [item] });
    }
    return {
      items: history.items,
      groups,
      total: history.total,
      hasMore: history.hasMore,
      nextCursor: history.nextCursor,
      page: filter.page,
      pageSize: filter.pageSize,
      unread,
    };
  };

  registerEndpoint(app, endpoints.imMessagePage, async ({ actor, body }) => page(actor, body));
  registerEndpoint(app, endpoints.imMessagePageGet, async ({ actor, query }) => page(actor, query));
  registerEndpoint(app, endpoints.imMessageRead, async ({ actor, body }) => service.markRead(actor, body));
  registerEndpoint(app, endpoints.imMessageUnreadCount, async ({ actor }) => service.unreadCount(actor));

  /** A hub method's caller (the hub hands its session's auth; these methods read no language or membership). */
  const hubActor = (auth: { tenantId: number; uid: number; roles: string[] }) =>
    actorFor(auth.tenantId, auth.uid, { roles: auth.roles });
  hub.registerMethod(hubMethods.getUnreadCount.name, hubMethods.getUnreadCount.auth, async ({ auth }) => ({
    unread: (await service.unreadCount(hubActor(auth))).unread,
  }));
  hub.registerMethod(
    hubMethods.markRead.name,
    hubMethods.markRead.auth,
    async ({ auth }, [ids]) => service.markRead(hubActor(auth), ids?.length ? { ids } : { all: true }),
    markReadArgsSchema,
  );
  hub.registerMethod(
    hubMethods.sendToUser.name,
    hubMethods.sendToUser.auth,
    async ({ auth }, [recipientId, content]) => {
      const actor = hubActor(auth);
      if (!(await service.userExists(actor.tenantId, recipientId))) throw notFound('message_user_not_found');
      return service.notifyAudited(
        actor,
        recipientId,
        {
          type: 'service',
          ...noticeTitle('message_service_reply_title'),
          content,
          senderId: SERVICE_USER_ID,
          peerId: SERVICE_USER_ID,
          data: { operatorId: actor.uid },
        },
        (message) => ({
          action: 'service.reply',
          targetType: 'user',
          targetId: recipientId,
          after: { messageId: message.id, content },
        }),
      );
    },
    sendToUserArgsSchema,
  );
};
