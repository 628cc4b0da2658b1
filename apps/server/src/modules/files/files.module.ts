import path from 'node:path';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createImageResizer } from './image-resize.js';
import { createUploadService } from './upload.service.js';

/** The files services, built once per app: uploads by spec §9 class, the image resizer, the file store. */
export const createFilesModule = (platform: Platform) => ({
  uploads: createUploadService({ storage: platform.storage, tmpDir: path.join(platform.dataDir, 'tmp') }),
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
