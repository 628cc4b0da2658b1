import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { videoPreviewQuota, videoScenes, videoTasks, type VideoSceneRow } from './video.table.js';

/** A scene's voice, as the `video_scene` job stores it. */
export interface StoredSceneVoice {
  voiceKey: string;
  voiceSeconds: number;
  words: { start: number; end: number; text: string }[];
  voiceEngine: string;
  voiceOffline: boolean;
}

/** Drizzle queries of storyboard scenes (every read by task goes through video_scene_task_position_idx). */
export const createStoryboardRepository = (db: DbOrTx) => ({
  /**
   * Counts `count` scenes into the user's day (`date`, Asia/Shanghai) when they fit under `limit`: the day's
   * new total, or null when they do not fit (nothing counted).
   */
  async takePreviews(
    tenantId: number,
    userId: number,
    date: string,
    count: number,
    limit: number,
  ): Promise<number | null> {
    if (count > limit) return null;
    const rows = await db
      .insert(videoPreviewQuota)
      .values({ tenantId, userId, date, num: count })
      .onConflictDoUpdate({
        target: [videoPreviewQuota.tenantId, videoPreviewQuota.userId],
        set: {
          num: sql`CASE WHEN video_preview_quota.date < excluded.date THEN excluded.num
            ELSE video_preview_quota.num + excluded.num END`,
          date: sql`GREATEST(video_preview_quota.date, excluded.date)`,
        },
        setWhere: sql`video_preview_quota.date < excluded.date OR video_preview_quota.num + ${count} <= ${limit}`,
      })
      .returning({ num: videoPreviewQuota.num });
    return rows[0]?.num ?? null;
  },

  async scenes(taskId: number): Promise<VideoSceneRow[]> {
    return db
      .select()
      .from(videoScenes)
      .where(eq(videoScenes.taskId, taskId))
      .orderBy(asc(videoScenes.position));
  },

  async scene(taskId: number, sceneId: number): Promise<VideoSceneRow | undefined> {
    const [row] = await db
      .select()
      .from(videoScenes)
      .where(and(eq(videoScenes.taskId, taskId), eq(videoScenes.id, sceneId)))
      .limit(1);
    return row;
  },

  async getScene(sceneId: number): Promise<VideoSceneRow | undefined> {
    const [row] = await db.select().from(videoScenes).where(eq(videoScenes.id, sceneId)).limit(1);
    return row;
  },

  async insertScenes(values: (typeof videoScenes.$inferInsert)[]): Promise<VideoSceneRow[]> {
    if (!values.length) return [];
    return db.insert(videoScenes).values(values).returning();
  },

  async updateScene(sceneId: number, values: Partial<typeof videoScenes.$inferInsert>) {
    const [row] = await db.update(videoScenes).set(values).where(eq(videoScenes.id, sceneId)).returning();
    return row;
  },

  /** Stores a made voice only if the scene was not edited meanwhile (its revision unchanged). */
  async storeVoice(sceneId: number, revision: number, voice: StoredSceneVoice): Promise<boolean> {
    const rows = await db
      .update(videoScenes)
      .set(voice)
      .where(and(eq(videoScenes.id, sceneId), eq(videoScenes.revision, revision)))
      .returning({ id: videoScenes.id });
    return rows.length > 0;
  },

  /** Stores a made picture only if the scene was not edited meanwhile. */
  async storePicture(sceneId: number, revision: number, key: string): Promise<boolean> {
    const rows = await db
      .update(videoScenes)
      .set({ pictureKey: key, pictureVisibility: 'private', pictureOwned: true })
      .where(and(eq(videoScenes.id, sceneId), eq(videoScenes.revision, revision)))
      .returning({ id: videoScenes.id });
    return rows.length > 0;
  },

  /** Records the clip the render made for a scene (its cache key with it). */
  async storeClip(sceneId: number, clipKey: string, clipHash: string) {
    await db.update(videoScenes).set({ clipKey, clipHash }).where(eq(videoScenes.id, sceneId));
  },

  async setStatus(sceneId: number, revision: number, status: VideoSceneRow['status']) {
    await db
      .update(videoScenes)
      .set({ status })
      .where(and(eq(videoScenes.id, sceneId), eq(videoScenes.revision, revision)));
  },

  /** The task is gone or expired: its scenes keep their lines, not their files. */
  async clearFiles(taskId: number) {
    await db
      .update(videoScenes)
      .set({ voiceKey: null, pictureKey: null, pictureOwned: false, clipKey: null, clipHash: null })
      .where(eq(videoScenes.taskId, taskId));
  },

  async deleteScene(sceneId: number) {
    await db.delete(videoScenes).where(eq(videoScenes.id, sceneId));
  },

  /** Makes room at `position` (every scene from there moves one place down). */
  async shiftFrom(taskId: number, position: number) {
    await db
      .update(videoScenes)
      .set({ position: sql`${videoScenes.position} + 1` })
      .where(and(eq(videoScenes.taskId, taskId), gt(videoScenes.position, position - 1)));
  },

  /** Writes positions 0…n−1 in the order given. */
  async renumber(order: number[]) {
    for (const [position, id] of order.entries()) {
      await db.update(videoScenes).set({ position }).where(eq(videoScenes.id, id));
    }
  },

  async updateTask(taskId: number, values: Partial<typeof videoTasks.$inferInsert>) {
    return db.update(videoTasks).set(values).where(eq(videoTasks.id, taskId)).returning();
  },

  /** Locks the storyboard's task row (edits of one storyboard run one at a time); answers it. */
  async lockTask(taskId: number) {
    const [row] = await db.select().from(videoTasks).where(eq(videoTasks.id, taskId)).for('update').limit(1);
    return row;
  },
});
export type StoryboardRepository = ReturnType<typeof createStoryboardRepository>;
