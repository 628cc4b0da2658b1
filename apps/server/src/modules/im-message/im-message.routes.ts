import {
  endpoints,
  hubMethods,
  markReadArgsSchema,
  SERVICE_USER_ID,
  sendToUserArgsSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { translate } from '../../platform/i18n/i18n.js';
import type { Platform } from '../../platform/platform.js';
import { createImMessageService } from './im-message.service.js';

/** `/api/sysIMMessage/*` and the hub methods of the message centre (MarkRead, GetUnreadCount, SendToUser). */
export const registerImMessageRoutes = (app: FastifyInstance, platform: Platform) => {
  const service = createImMessageService(platform);

  registerEndpoint(app, endpoints.imMessagePage, async ({ body, auth }) =>
    service.page(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.imMessagePageGet, async ({ query, auth }) =>
    service.page(auth.tenantId, auth.uid, query),
  );
  registerEndpoint(app, endpoints.imMessageRead, async ({ body, auth }) =>
    service.markRead(auth.tenantId, auth.uid, body),
  );
  registerEndpoint(app, endpoints.imMessageUnreadCount, async ({ auth }) =>
    service.unreadCount(auth.tenantId, auth.uid),
  );

  const { hub } = platform;
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
      return service.notify(auth.tenantId, uid, {
        type: 'service',
        title: translate('zh-Hans', 'message_service_reply_title'),
        content,
        senderId: SERVICE_USER_ID,
        peerId: SERVICE_USER_ID,
        data: { operatorId: auth.uid },
      });
    },
    sendToUserArgsSchema,
  );
};
