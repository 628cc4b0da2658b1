import { rm } from 'node:fs/promises';
import type { PictureFlag } from '@app/contract';
import path from 'node:path';
import { shanghaiDate } from '../../platform/clock.js';
import { defineModule } from '../../platform/module.js';
import { getAppConfig } from '../dictionary/index.js';
import type { Platform } from '../../platform/platform.js';
import { createLocalStorage } from '../../platform/storage/local-storage.js';
import { AppError } from '../../platform/errors.js';
import { moderationModule, type ModerationModule } from '../moderation/index.js';
import { createImageResizer } from './image-resize.js';
import { createResizeCache } from './resize-cache.js';
import { createResizeGate } from './resize-gate.js';
import { createUploadService } from './upload.service.js';

/** The files services, built once per app: uploads by spec §9 class, the image resizer, the file store. */
export const createFilesModule = (platform: Platform, { moderation }: { moderation: ModerationModule }) => ({
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
    // Every class of upload (avatar, post images and covers, role images, img2img sources, feedback and report
    // pictures, wallpaper) passes here: a picture at the block threshold is refused and nothing is kept; one
    // between review and block is kept with its flag (a work showing it waits for review).
    async screenPictures(tenantId, pictures) {
      const flags: (PictureFlag | null)[] = [];
      for (const picture of pictures) {
        const seen = await moderation.screen(tenantId, picture);
        if (seen.verdict === 'block') throw new AppError(400, 'picture_refused');
        flags.push(seen.flag);
      }
      return flags;
    },
  }),
  resizer: createImageResizer({
    storage: platform.storage,
    // At most RESIZE_CACHE_MAX_MB, least recently used removed first: on S3 in the bucket (private/cache/resize/),
    // on local disk apart from the users' files (DATA_DIR/cache/private/resize/).
    cache: createResizeCache({
      ...(platform.storage.backend.kind === 's3'
        ? { backend: platform.storage.backend, prefix: 'cache/resize/' }
        : { backend: createLocalStorage(path.join(platform.dataDir, 'cache')), prefix: 'resize/' }),
      maxBytes: Math.round(platform.config.RESIZE_CACHE_MAX_MB * 1024 * 1024),
    }),
    gate: createResizeGate(),
  }),
  storage: platform.storage,
  publicBaseUrl: platform.config.PUBLIC_BASE_URL,
});
export type FilesModule = ReturnType<typeof createFilesModule>;

/** Files: the services and their routes. */
export const filesModule = defineModule({
  name: 'files',
  needs: { moderation: moderationModule },
  create: (platform: Platform, deps: { moderation: ModerationModule }) => {
    // Resized copies lived under DATA_DIR/cache/resize before they moved into the file store under a cap.
    void rm(path.join(platform.dataDir, 'cache', 'resize'), { recursive: true, force: true }).catch(() => undefined);
    return createFilesModule(platform, deps);
  },
  routes: async (app, files) => (await import('./files.routes.js')).registerFilesRoutes(app, files),
});
