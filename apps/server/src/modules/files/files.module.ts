import path from 'node:path';
import { shanghaiDate } from '../../platform/clock.js';
import { defineModule } from '../../platform/module.js';
import { getAppConfig } from '../dictionary/index.js';
import type { Platform } from '../../platform/platform.js';
import { createImageResizer } from './image-resize.js';
import { createUploadService } from './upload.service.js';

/** The files services, built once per app: uploads by spec §9 class, the image resizer, the file store. */
export const createFilesModule = (platform: Platform) => ({
  uploads: createUploadService({
    db: platform.db,
    storage: platform.storage,
    tmpDir: path.join(platform.dataDir, 'tmp'),
    limitsOf: async (tenantId, vip) => {
      const { uploadQuota } = await getAppConfig(platform.db, tenantId);
      const mb = 1024 * 1024;
      return {
        storageBytes: (vip ? uploadQuota.vipStorageMb : uploadQuota.storageMb) * mb,
        dailyBytes: (vip ? uploadQuota.vipDailyMb : uploadQuota.dailyMb) * mb,
        day: shanghaiDate(platform.clock.now()),
      };
    },
  }),
  resizer: createImageResizer({
    storage: platform.storage,
    cacheDir: path.join(platform.dataDir, 'cache', 'resize'),
  }),
  storage: platform.storage,
  publicBaseUrl: platform.config.PUBLIC_BASE_URL,
});
export type FilesModule = ReturnType<typeof createFilesModule>;

/** Files: the services and their routes. */
export const filesModule = defineModule({
  name: 'files',
  create: createFilesModule,
  routes: async (app, files) => (await import('./files.routes.js')).registerFilesRoutes(app, files),
});
