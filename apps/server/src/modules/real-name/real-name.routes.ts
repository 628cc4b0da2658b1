import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Platform } from '../../platform/platform.js';
import { noticeTexts } from '../../platform/notify.js';
import { getAppConfig } from '../dictionary/index.js';
import { readImageUploads } from '../../platform/storage/image-upload.js';
import { createIdCardCipher, parseIdCardKey } from './id-card-crypto.js';
import { realNameRequiredToPublish } from './publish-rule.js';
import { createRealNameService } from './real-name.service.js';

/** App config `idCardEnable` of the tenant (spec §3), from the app_config dictionary. */
export const readIdCardEnable =
  (db: Db) =>
  async (tenantId: number): Promise<boolean> =>
    (await getAppConfig(db, tenantId)).idCardEnable;

/** Whether publishing needs an approved real name (the rule of publish-rule.ts), for the page to say so. */
export const readRealNameToPublish =
  (db: Db) =>
  async (tenantId: number): Promise<boolean> =>
    realNameRequiredToPublish(await getAppConfig(db, tenantId));

/** Real-name verification: the user's submission and the operators' review queue. */
export const registerRealNameRoutes = (app: FastifyInstance, platform: Platform) => {
  const key = parseIdCardKey(platform.secrets.idCardKey);
  const service = createRealNameService({
    db: platform.db,
    clock: platform.clock,
    cipher: createIdCardCipher(key),
    storage: platform.storage,
    idCardEnabled: readIdCardEnable(platform.db),
    requiredToPublish: readRealNameToPublish(platform.db),
    // The result reaches the user in the message centre (stored and pushed live over the hub).
    notifyReviewed: async ({ tenantId, userId, approved, reason }) => {
      const key = approved ? 'real_name_approved_notice' : 'real_name_rejected_notice';
      await platform.notify(tenantId, userId, {
        type: 'real_name',
        ...noticeTexts({ title: 'real_name_review_title', content: key }, { reason: reason ?? '' }),
        link: '/auth/result',
        data: { approved, reason },
      });
    },
  });

  registerEndpoint(app, endpoints.realNameStatus, ({ auth, tenantId }) => service.status(auth, tenantId));
  registerEndpoint(app, endpoints.realNameDetail, ({ auth }) => service.detail(auth));
  registerEndpoint(app, endpoints.realNameAdd, ({ auth, body }) => service.submit(auth, 'add', body));
  registerEndpoint(app, endpoints.realNameUpdate, ({ auth, body }) => service.submit(auth, 'update', body));
  registerEndpoint(
    app,
    endpoints.uploadIdCardImageList,
    async ({ auth, req }) => service.saveImages(auth, await readImageUploads(req, 2)),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.realNameReviewPage, ({ auth, query }) =>
    service.page(auth.tenantId, query),
  );
  registerEndpoint(app, endpoints.realNameApprove, (input) => service.approve(actorOf(input), input.body.id));
  registerEndpoint(app, endpoints.realNameReject, (input) =>
    service.reject(actorOf(input), input.body.id, input.body.reason),
  );
  return service;
};
