import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { createCommonInfoAdmin } from './common-info.admin.js';
import { createCommonInfoRepository } from './common-info.repository.js';
import { registerCommonInfoRoutes } from './common-info.routes.js';

/** Banners, notices and help entries, built once per app: the apps' reads and the operators' edits. */
export const createCommonInfoModule = (platform: Platform) => ({
  entries: createCommonInfoRepository(platform.db),
  admin: createCommonInfoAdmin({ db: platform.db, clock: platform.clock }),
});
export type CommonInfoModule = ReturnType<typeof createCommonInfoModule>;

/** Common info composed: its reads and routes. Answers the module (the console drives its editor). */
export const registerCommonInfoModule = (app: FastifyInstance, platform: Platform): CommonInfoModule => {
  const commonInfo = createCommonInfoModule(platform);
  registerCommonInfoRoutes(app, commonInfo);
  return commonInfo;
};
