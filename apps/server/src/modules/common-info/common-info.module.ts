import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createCommonInfoAdmin } from './common-info.admin.js';
import { createCommonInfoRepositories } from './common-info.repository.js';

/** Banners, notices and help entries, built once per app: the apps' reads and the operators' edits. */
export const createCommonInfoModule = (platform: Platform) => {
  const store = createCommonInfoRepositories(platform.db);
  return {
    entries: store.repos.entries,
    admin: createCommonInfoAdmin({ store, clock: platform.clock }),
  };
};
export type CommonInfoModule = ReturnType<typeof createCommonInfoModule>;

/** Common info: its reads and routes (the console drives its editor). */
export const commonInfoModule = defineModule({
  name: 'common-info',
  create: createCommonInfoModule,
  routes: async (app, commonInfo) =>
    (await import('./common-info.routes.js')).registerCommonInfoRoutes(app, commonInfo),
});
