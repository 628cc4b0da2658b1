import { actorFor } from '../../platform/identity/actor.js';
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
    tenantId: number,
    uid: number,
    filter: Parameters<typeof service.page>[2],
  ): Promise<ImMessagePageResult> => {
    if (filter.peerId !== ROBOT_USER_ID) return service.page(tenantId, uid, filter);
    const [history, { unread }] = await Promise.all([
      filter.checked === false
        ? { items: [], total: 0, hasMore: false, nextCursor: null }
        : robotHistory(actorFor(tenantId, uid), {
            page: filter.page,
            pageSize: filter.pageSize,
            cursor: filter.cursor,
          }),
      service.unreadCount(tenantId, uid),
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

  registerEndpoint(app, endpoints.imMessagePage, async ({ body, auth, locale }) =>
    page(auth.tenantId, auth.uid, { ...body, locale }),
  );
  registerEndpoint(app, endpoints.imMessagePageGet, async ({ query, auth, locale }) =>
    page(auth.tenantId, auth.uid, { ...query, locale }),
  );
  registerEndpoint(app, endpoints.imMessageRead, async ({ body, auth }) =>
    service.markRead(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.imMessageUnreadCount, async ({ auth }) =>
    service.unreadCount(auth.tenantId, auth.uid),
  );

  hub.registerMethod(hubMethods.getUnreadCount.name, hubMethods.getUnreadCount.auth, async ({ auth }) => ({
    unread: (await service.unreadCount(auth.tenantId, auth.uid)).unread,
  }));
  hub.registerMethod(
    hubMethods.markRead.name,
    hubMethods.markRead.auth,
    async ({ auth }, [ids]) =>
      service.markRead(auth.tenantId, auth.uid, ids?.length ? { ids } : { all: true }),
    markReadArgsSchema,
  );
  hub.registerMethod(
    hubMethods.sendToUser.name,
    hubMethods.sendToUser.auth,
    async ({ auth }, [uid, content]) => {
      if (!(await service.userExists(auth.tenantId, uid))) throw notFound('message_user_not_found');
      return service.notifyAudited(
        actorFor(auth.tenantId, auth.uid, { roles: auth.roles }),
        uid,
        {
          type: 'service',
          ...noticeTitle('message_service_reply_title'),
          content,
          senderId: SERVICE_USER_ID,
          peerId: SERVICE_USER_ID,
          data: { operatorId: auth.uid },
        },
        (message) => ({
          action: 'service.reply',
          targetType: 'user',
          targetId: uid,
          after: { messageId: message.id, content },
        }),
      );
    },
    sendToUserArgsSchema,
  );
};
