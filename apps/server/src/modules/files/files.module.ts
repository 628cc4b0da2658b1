import path from 'node:path';
import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { AppError } from '../../platform/errors.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { createImageResizer } from './image-resize.js';
import { createUploadService } from './upload.service.js';

/** The files services, built once per app: uploads by spec §9 class, the image resizer, the file store. */
export const createFilesModule = (platform: Platform, { moderation }: { moderation: ModerationModule }) => ({
  uploads: createUploadService({
    storage: platform.storage,
    tmpDir: path.join(platform.dataDir, 'tmp'),
    // Every class of upload (avatar, post images and covers, role images, img2img sources, feedback and report
    // pictures, wallpaper) passes here: a picture at the block threshold is refused and nothing is kept.
    async screenPictures(tenantId, pictures) {
      for (const picture of pictures) {
        const seen = await moderation.pictures.review(tenantId, picture, '');
        if (seen.verdict === 'block') throw new AppError(400, 'picture_refused');
      }
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
  needs: { moderation: moderationModule },
  create: createFilesModule,
  routes: async (app, files) => (await import('./files.routes.js')).registerFilesRoutes(app, files),
});
