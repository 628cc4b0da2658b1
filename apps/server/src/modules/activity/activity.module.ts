import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createActivityRepositories } from './activity.repository.js';
import { createCheckInService } from './check-in.service.js';
import { createDrawService, type RandomSource } from './draw.service.js';
import { createMallService } from './mall.service.js';
import { createVoteService } from './vote.service.js';

/** The activity services, built once per app: check-in, points mall, lucky wheel and food vote. */
export const createActivityModule = (platform: Platform, options: { random?: RandomSource } = {}) => {
  const deps = { store: createActivityRepositories(platform.db), clock: platform.clock };
  return {
    checkIn: createCheckInService(deps),
    mall: createMallService({
      ...deps,
      cache: platform.cache,
      noticeInTx: platform.noticeInTx,
      log: platform.log,
    }),
    draw: createDrawService({ ...deps, cache: platform.cache, random: options.random }),
    vote: createVoteService(deps),
  };
};
export type ActivityModule = ReturnType<typeof createActivityModule>;

/** Activities: their services and routes (the console drives the mall and the prizes). */
export const activityModule = defineModule({
  name: 'activity',
  create: (platform) => createActivityModule(platform),
  routes: async (app, activity) =>
    (await import('./activity.routes.js')).registerActivityRoutes(app, activity),
});
