import { hubCloseReasons } from '@app/contract';
import { defineModule, type ServicesOf } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { authModule } from '../auth/index.js';
import { commerceModule } from '../commerce/index.js';
import { getAppConfig } from '../dictionary/index.js';
import { plazaModule } from '../plaza/index.js';
import { usersModule } from '../users/index.js';
import { createAccountDeletionRepositories } from './account-deletion.repository.js';
import { createAccountDeletionService } from './account-deletion.service.js';
import { createDeletionSweep } from './account-deletion.sweep.js';

/** The recurring anonymisation of accounts whose cooling-off period is over. */
export const DELETION_SWEEP_JOB = 'account_deletion_sweep';
const SWEEP_INTERVAL_MS = 10 * 60_000;

const needs = { auth: authModule, users: usersModule, commerce: commerceModule, plaza: plazaModule };

/** Account deletion's services, built once per process over the auth, users, commerce and plaza services. */
export const createAccountDeletionModule = (
  platform: Platform,
  { auth, users, commerce, plaza }: { [K in keyof typeof needs]: ServicesOf<(typeof needs)[K]> },
) => {
  const store = createAccountDeletionRepositories(platform.db);
  const { clock, sessions } = platform;
  const deletion = createAccountDeletionService({
    store,
    clock,
    sessions,
    forceOffline: (uid, exceptSessionId) =>
      platform.hub.forceOffline(uid, hubCloseReasons.accountDeleted, { exceptSessionId }),
    captcha: auth.captcha,
    orders: commerce.orders,
    plaza: plaza.plaza,
    coolingOffDays: async (tenantId) =>
      (await getAppConfig(platform.db, tenantId)).accountDeletion.coolingOffDays,
    noticeInTx: platform.noticeInTx,
    log: platform.log,
  });
  const sweep = createDeletionSweep({
    store,
    clock,
    sessions,
    orders: commerce.orders,
    anonymiseInTx: users.users.anonymiseInTx,
  });
  return { deletion, sweep };
};
export type AccountDeletionModule = ReturnType<typeof createAccountDeletionModule>;

/** Account deletion (注销): its services, the recurring anonymisation and its routes. */
export const accountDeletionModule = defineModule({
  name: 'account-deletion',
  needs,
  create: createAccountDeletionModule,
  jobs: (runner, { sweep }) => {
    runner.every(DELETION_SWEEP_JOB, SWEEP_INTERVAL_MS, () => sweep.sweepDue());
  },
  routes: async (app, services) =>
    (await import('./account-deletion.routes.js')).registerAccountDeletionRoutes(app, services),
});
