import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { flattenView, selectViews } from './drawing-task-view.js';
import { drawLikes, drawRoleImages, drawTasks, drawWeekLikes } from './drawing.table.js';
import { isoWeekOf } from './iso-week.js';

/** SQL of the works hall (publishing, likes, the week's ranking) and of the user's role images. */
export const createDrawingHallRepository = (db: DbOrTx) => ({
  async publish(id: number, title: string, now: Date) {
    await db
      .update(drawTasks)
      .set({
        title,
        publishedAt: sql`coalesce(${drawTasks.publishedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(drawTasks.id, id));
  },

  /**
   * Toggles the viewer's like in one transaction; answers whether it is now liked. The week's counter follows:
   * a like counts in this week, an unlike takes back from the week the like was given in.
   */
  async toggleLike(tenantId: number, taskId: number, userId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(drawLikes)
        .where(and(eq(drawLikes.taskId, taskId), eq(drawLikes.userId, userId)))
        .returning({ taskId: drawLikes.taskId, createdAt: drawLikes.createdAt });
      if (removed.length) {
        await tx
          .update(drawTasks)
          .set({ likes: sql`greatest(${drawTasks.likes} - 1, 0)` })
          .where(eq(drawTasks.id, taskId));
        await tx
          .update(drawWeekLikes)
          .set({ likes: sql`greatest(${drawWeekLikes.likes} - 1, 0)` })
          .where(
            and(
              eq(drawWeekLikes.tenantId, tenantId),
              eq(drawWeekLikes.week, isoWeekOf(removed[0]!.createdAt)),
              eq(drawWeekLikes.taskId, taskId),
            ),
          );
        return false;
      }
      await tx.insert(drawLikes).values({ taskId, userId, createdAt: now });
      await tx
        .update(drawTasks)
        .set({ likes: sql`${drawTasks.likes} + 1` })
        .where(eq(drawTasks.id, taskId));
      await tx
        .insert(drawWeekLikes)
        .values({ tenantId, week: isoWeekOf(now), taskId, likes: 1 })
        .onConflictDoUpdate({
          target: [drawWeekLikes.tenantId, drawWeekLikes.week, drawWeekLikes.taskId],
          set: { likes: sql`${drawWeekLikes.likes} + 1` },
        });
      return true;
    });
  },

  /**
   * The week's most liked works still in the hall, most likes first (ai_draw_week_like_rank_idx read backwards;
   * a few more rows than asked are read for the works taken down or deleted since).
   */
  async weeklyRanking(tenantId: number, week: string, viewerId: number | null, limit: number) {
    const top = await db
      .select({ taskId: drawWeekLikes.taskId, likes: drawWeekLikes.likes })
      .from(drawWeekLikes)
      .where(
        and(
          eq(drawWeekLikes.tenantId, tenantId),
          eq(drawWeekLikes.week, week),
          sql`${drawWeekLikes.likes} > 0`,
        ),
      )
      .orderBy(desc(drawWeekLikes.likes), desc(drawWeekLikes.taskId))
      .limit(limit * 2);
    if (!top.length) return [];
    const rows = await selectViews(
      db,
      viewerId,
      and(
        eq(drawTasks.tenantId, tenantId),
        inArray(
          drawTasks.id,
          top.map((t) => t.taskId),
        ),
        isNotNull(drawTasks.publishedAt),
        isNull(drawTasks.deletedAt),
      ),
    );
    const byId = new Map(rows.map((row) => [row.task.id, flattenView(row)]));
    return top
      .filter((t) => byId.has(t.taskId))
      .slice(0, limit)
      .map((t) => ({ ...byId.get(t.taskId)!, weekLikes: t.likes }));
  },

  async insertRoleImages(values: (typeof drawRoleImages.$inferInsert)[]) {
    return db.insert(drawRoleImages).values(values).returning();
  },

  /** My uploads by id (any purpose), or without ids my role images (pictures to draw from are not roles). */
  async roleImages(tenantId: number, userId: number, ids?: number[]) {
    return db
      .select()
      .from(drawRoleImages)
      .where(
        and(
          eq(drawRoleImages.tenantId, tenantId),
          eq(drawRoleImages.userId, userId),
          ids ? inArray(drawRoleImages.id, ids.length ? ids : [0]) : eq(drawRoleImages.purpose, 'role'),
        ),
      )
      .orderBy(desc(drawRoleImages.createdAt), desc(drawRoleImages.id))
      .limit(50);
  },
});
