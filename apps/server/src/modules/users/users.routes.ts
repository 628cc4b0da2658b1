import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { readImageUpload } from '../../platform/storage/image-upload.js';
import type { UsersModule } from './users.module.js';

/** Profile, settings, avatar, block list (service built by users.module.ts). */
export const registerUsersRoutes = (app: FastifyInstance, { users }: UsersModule) => {
  registerEndpoint(app, endpoints.userBaseInfo, ({ actor }) => users.baseInfo(actor));
  registerEndpoint(app, endpoints.publicUserInfo, ({ actor, query }) =>
    users.publicInfo(actor, query.userId),
  );
  registerEndpoint(app, endpoints.currentUserDetail, ({ actor }) => users.detail(actor));
  registerEndpoint(app, endpoints.metadataUpdate, ({ actor, body }) =>
    users.updateMetadata(actor, body.metadata),
  );
  registerEndpoint(app, endpoints.updateBaseInfo, ({ actor, body }) => users.updateProfileText(actor, body));
  registerEndpoint(
    app,
    endpoints.uploadAvatar,
    async ({ actor, req }) => users.setAvatar(actor, await readImageUpload(req, 'file')),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.changePhone, ({ actor, body }) =>
    users.changePhone(actor, body.phone, body.code),
  );
  registerEndpoint(app, endpoints.changePwd, ({ actor, auth, body }) =>
    users.changePassword(actor, auth.sessionId, body.oldPassword, body.newPassword),
  );
  registerEndpoint(
    app,
    endpoints.changePwdBySms,
    ({ actor, body }) => users.resetPasswordBySms(actor, body),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.setPwd, ({ actor, body }) => users.setFirstPassword(actor, body.password));

  registerEndpoint(app, endpoints.blockAdd, ({ actor, body }) => users.block(actor, body.userId));
  registerEndpoint(app, endpoints.blockRemove, ({ actor, body }) => users.unblock(actor, body.userId));
  registerEndpoint(app, endpoints.blockList, async ({ actor }) => ({
    userId: actor.uid,
    blockedUserIds: await users.blockedIds(actor),
  }));
  registerEndpoint(app, endpoints.blockPage, async ({ actor, query }) => ({
    ...(await users.blockPage(actor, query.page, query.pageSize)),
    page: query.page,
    pageSize: query.pageSize,
  }));
};
