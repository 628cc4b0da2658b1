import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createActivityRepositories } from './activity.repository.js';
import { commerceModule, type ActivityCoupons } from '../commerce/index.js';
import { createCheckInService } from './check-in.service.js';
import { createDrawService, type RandomSource } from './draw.service.js';
import { createMallService } from './mall.service.js';
import { createVoteService } from './vote.service.js';

/** The activity services, built once per app: check-in, points mall, lucky wheel and food vote. */
export const createActivityModule = (
  platform: Platform,
  { coupons }: { coupons: ActivityCoupons },
  options: { random?: RandomSource } = {},
) => {
  const deps = { store: createActivityRepositories(platform.db), clock: platform.clock };
  return {
    checkIn: createCheckInService(deps),
    mall: createMallService({
      ...deps,
      cache: platform.cache,
      noticeInTx: platform.noticeInTx,
      log: platform.log,
      coupons,
    }),
    draw: createDrawService({ ...deps, cache: platform.cache, coupons, random: options.random }),
    vote: createVoteService(deps),
  };
};
export type ActivityModule = ReturnType<typeof createActivityModule>;

/** Activities: their services and routes (the console drives the mall and the prizes). */
export const activityModule = defineModule({
  name: 'activity',
  // Commerce grants the coupons a prize or a mall item gives.
  needs: { commerce: commerceModule },
  create: (platform, { commerce }) => createActivityModule(platform, { coupons: commerce.coupons }),
  routes: async (app, activity) =>
    (await import('./activity.routes.js')).registerActivityRoutes(app, activity),
});
