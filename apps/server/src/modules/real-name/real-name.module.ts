import type { Db } from '../../platform/db/client.js';
import { noticeTexts } from '../../platform/notify.js';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { getAppConfig } from '../dictionary/index.js';
import { createIdCardCipher, parseIdCardKey } from './id-card-crypto.js';
import { realNameRequiredToPublish } from './publish-rule.js';
import { createRealNameRepositories } from './real-name.repository.js';
import { createRealNameService } from './real-name.service.js';

/** App config `idCardEnable` of the tenant (spec §3), from the app_config dictionary. */
const readIdCardEnable =
  (db: Db) =>
  async (tenantId: number): Promise<boolean> =>
    (await getAppConfig(db, tenantId)).idCardEnable;

/** Whether publishing needs an approved real name (the rule of publish-rule.ts), for the page to say so. */
const readRealNameToPublish =
  (db: Db) =>
  async (tenantId: number): Promise<boolean> =>
    realNameRequiredToPublish(await getAppConfig(db, tenantId));

/** The real-name service, built once per app: ID numbers encrypted with the app's key, the review's notice. */
export const createRealNameModule = (platform: Platform) => {
  const service = createRealNameService({
    db: platform.db,
    store: createRealNameRepositories(platform.db),
    clock: platform.clock,
    cipher: createIdCardCipher(parseIdCardKey(platform.secrets.idCardKey)),
    storage: platform.storage,
    idCardEnabled: readIdCardEnable(platform.db),
    requiredToPublish: readRealNameToPublish(platform.db),
    // The result reaches the user in the message centre: stored with the review, pushed live after it.
    noticeReviewedInTx: async (tx, { tenantId, userId, approved, reason }) => {
      const key = approved ? 'real_name_approved_notice' : 'real_name_rejected_notice';
      const push = await platform.noticeInTx(tx, tenantId, userId, {
        type: 'real_name',
        ...noticeTexts({ title: 'real_name_review_title', content: key }, { reason: reason ?? '' }),
        link: '/auth/result',
        data: { approved, reason },
      });
      return () =>
        push().catch((error: unknown) => platform.log.warn({ err: error }, 'real-name notice push failed'));
    },
  });
  return { realName: service };
};

export type RealNameModule = ReturnType<typeof createRealNameModule>;

/** Real-name: its service (the console drives its review) and routes. */
export const realNameModule = defineModule({
  name: 'real-name',
  create: createRealNameModule,
  routes: async (app, { realName }) =>
    (await import('./real-name.routes.js')).registerRealNameRoutes(app, realName),
});
