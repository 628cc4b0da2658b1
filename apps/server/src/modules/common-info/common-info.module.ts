import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createCommonInfoAdmin } from './common-info.admin.js';
import { createCommonInfoRepository } from './common-info.repository.js';

/** Banners, notices and help entries, built once per app: the apps' reads and the operators' edits. */
export const createCommonInfoModule = (platform: Platform) => ({
  entries: createCommonInfoRepository(platform.db),
  admin: createCommonInfoAdmin({ db: platform.db, clock: platform.clock }),
});
export type CommonInfoModule = ReturnType<typeof createCommonInfoModule>;

/** Common info: its reads and routes (the console drives its editor). */
export const commonInfoModule = defineModule({
  name: 'common-info',
  create: createCommonInfoModule,
  routes: async (app, commonInfo) =>
    (await import('./common-info.routes.js')).registerCommonInfoRoutes(app, commonInfo),
});
