import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { readImageUpload } from '../../platform/storage/image-upload.js';
import type { UsersModule } from './users.module.js';

/** Profile, settings, avatar, block list (service built by users.module.ts). */
export const registerUsersRoutes = (app: FastifyInstance, { users }: UsersModule) => {
  registerEndpoint(app, endpoints.userBaseInfo, ({ auth, locale }) =>
    users.baseInfo(auth.tenantId, auth.uid, locale),
  );
  registerEndpoint(app, endpoints.publicUserInfo, ({ query, tenantId, auth, locale }) =>
    users.publicInfo(tenantId, query.userId, auth && !auth.isGuest ? auth.uid : null, locale),
  );
  registerEndpoint(app, endpoints.currentUserDetail, ({ auth }) => users.detail(auth.tenantId, auth.uid));
  registerEndpoint(app, endpoints.metadataUpdate, ({ auth, body }) =>
    users.updateMetadata(auth.tenantId, auth.uid, body.metadata),
  );
  registerEndpoint(app, endpoints.updateBaseInfo, ({ auth, body, locale }) =>
    users.updateProfileText(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(
    app,
    endpoints.uploadAvatar,
    async ({ auth, req }) => users.setAvatar(auth.tenantId, auth.uid, await readImageUpload(req, 'file')),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.changePhone, ({ auth, body }) =>
    users.changePhone(auth.tenantId, auth.uid, body.phone, body.code),
  );
  registerEndpoint(app, endpoints.changePwd, ({ auth, body }) =>
    users.changePassword(auth, body.oldPassword, body.newPassword),
  );
  registerEndpoint(
    app,
    endpoints.changePwdBySms,
    ({ body, tenantId }) => users.resetPasswordBySms({ tenantId, ...body }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.setPwd, ({ auth, body }) =>
    users.setFirstPassword(auth.tenantId, auth.uid, body.password),
  );
  registerEndpoint(app, endpoints.fakeDelete, ({ auth }) => users.deleteAccount(auth));

  registerEndpoint(app, endpoints.blockAdd, ({ auth, body }) =>
    users.block(auth.tenantId, auth.uid, body.userId),
  );
  registerEndpoint(app, endpoints.blockRemove, ({ auth, body }) =>
    users.unblock(auth.tenantId, auth.uid, body.userId),
  );
  registerEndpoint(app, endpoints.blockList, async ({ auth }) => ({
    userId: auth.uid,
    blockedUserIds: await users.blockedIds(auth.tenantId, auth.uid),
  }));
  registerEndpoint(app, endpoints.blockPage, async ({ auth, query, locale }) => ({
    ...(await users.blockPage(auth.tenantId, auth.uid, query.page, query.pageSize, locale)),
    page: query.page,
    pageSize: query.pageSize,
  }));
};
