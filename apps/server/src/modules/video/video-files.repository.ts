import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { videoTasks } from './video.table.js';

/** A task's stored files, with what locates them (the sweeps and the move to private storage read these). */
const storedFiles = {
  id: videoTasks.id,
  tenantId: videoTasks.tenantId,
  videoKey: videoTasks.videoKey,
  coverKey: videoTasks.coverKey,
};

/** SQL of the files of videos: due for expiry, of deleted tasks, still public, gone. */
export const createVideoFilesRepository = (db: DbOrTx) => ({
  /** Tasks whose files are due for deletion (expired or deleted, files still stored), oldest first. */
  async dueForExpiry(now: Date, limit: number) {
    return db
      .select({ id: videoTasks.id, videoKey: videoTasks.videoKey, coverKey: videoTasks.coverKey })
      .from(videoTasks)
      .where(and(lte(videoTasks.expireAt, now), isNull(videoTasks.expiredAt)))
      .orderBy(asc(videoTasks.expireAt))
      .limit(limit);
  },

  /** Deleted tasks whose files are still stored. */
  async deletedWithFiles(limit: number) {
    return db
      .select(storedFiles)
      .from(videoTasks)
      .where(and(isNotNull(videoTasks.deletedAt), isNotNull(videoTasks.videoKey)))
      .limit(limit);
  },

  /** Tasks whose files are still public (made before videos were private), oldest first. */
  async withPublicFiles(limit: number) {
    return db
      .select(storedFiles)
      .from(videoTasks)
      .where(and(eq(videoTasks.filesPrivate, false), isNotNull(videoTasks.videoKey)))
      .orderBy(asc(videoTasks.id))
      .limit(limit);
  },

  /** The files now live privately (only while they are still the task's: a sweep may have removed them). */
  async markFilesPrivate(id: number, videoKey: string) {
    await db
      .update(videoTasks)
      .set({ filesPrivate: true })
      .where(and(eq(videoTasks.id, id), eq(videoTasks.videoKey, videoKey)));
  },

  /** The files are gone: the task stays listed, without them. */
  async markFilesGone(id: number, expired: Date | null) {
    await db
      .update(videoTasks)
      .set({ videoKey: null, coverKey: null, ...(expired ? { expiredAt: expired } : {}) })
      .where(eq(videoTasks.id, id));
  },
});
