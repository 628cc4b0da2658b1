import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { afterCursor, keysetPage } from '../../platform/db/keyset-page.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createDrawingHallRepository } from './drawing-hall.repository.js';
import { createDrawingQueueRepository } from './drawing-queue.repository.js';
import { createDrawVersionsRepository } from './drawing-versions.repository.js';
import { flattenView, selectViews, type DrawTaskRow, type DrawTaskView } from './drawing-task-view.js';
import { drawTasks, drawVersions, type StoredDrawImage } from './drawing.table.js';

export type { DrawTaskView } from './drawing-task-view.js';

/** SQL of the drawing tables; no rules. The hall's and role images' parts are their own file. */
const createDrawingRepository = (db: DbOrTx) => ({
  async insert(tx: DbOrTx, values: typeof drawTasks.$inferInsert): Promise<DrawTaskRow> {
    const [row] = await tx.insert(drawTasks).values(values).returning();
    return row!;
  },

  /** Counts a new remix on its source work (一键同款), in the remix's transaction. */
  async countRemix(tx: DbOrTx, sourceId: number) {
    await tx
      .update(drawTasks)
      .set({ remixes: sql`${drawTasks.remixes} + 1` })
      .where(eq(drawTasks.id, sourceId));
  },

  async setJob(tx: DbOrTx, id: number, jobId: number, now: Date) {
    await tx.update(drawTasks).set({ jobId, updatedAt: now }).where(eq(drawTasks.id, id));
  },

  async get(id: number): Promise<DrawTaskRow | undefined> {
    const [row] = await db.select().from(drawTasks).where(eq(drawTasks.id, id)).limit(1);
    return row;
  },

  async findByJob(jobId: number): Promise<DrawTaskRow | undefined> {
    const [row] = await db.select().from(drawTasks).where(eq(drawTasks.jobId, jobId)).limit(1);
    return row;
  },

  async view(tenantId: number, id: number, viewerId: number | null): Promise<DrawTaskView | undefined> {
    const [row] = await selectViews(
      db,
      viewerId,
      and(eq(drawTasks.tenantId, tenantId), eq(drawTasks.id, id), isNull(drawTasks.deletedAt)),
    ).limit(1);
    return row ? flattenView(row) : undefined;
  },

  /** One page of the owner's tasks (all states), or of published works (the hall). */
  async page(input: {
    tenantId: number;
    viewerId: number | null;
    ownerId?: number;
    publishedOnly: boolean;
    privateOnly?: boolean;
    sort: 'newest' | 'hottest';
    /** Hall only: works of one style (ai_draw_task_hall_style_*_idx). */
    style?: string;
    /** Hall only: the remixes of one work (ai_draw_task_remix_idx, newest first). */
    remixOf?: number;
    page: number;
    pageSize: number;
    cursor?: number;
  }) {
    // Sort keys, all descending, then id: hall newest ai_draw_task_hall_time_idx, hottest
    // ai_draw_task_hall_hot_idx, an owner's tasks ai_draw_task_owner_time_idx (all partial: not deleted).
    const keys =
      input.sort === 'hottest' && input.publishedOnly && !input.remixOf
        ? [drawTasks.likes, drawTasks.publishedAt]
        : input.publishedOnly
          ? [drawTasks.publishedAt]
          : [drawTasks.createdAt];
    const where = and(
      eq(drawTasks.tenantId, input.tenantId),
      isNull(drawTasks.deletedAt),
      input.ownerId ? eq(drawTasks.userId, input.ownerId) : undefined,
      input.publishedOnly ? isNotNull(drawTasks.publishedAt) : undefined,
      input.privateOnly ? isNull(drawTasks.publishedAt) : undefined,
      input.publishedOnly && input.style ? eq(drawTasks.style, input.style) : undefined,
      input.publishedOnly && input.remixOf ? eq(drawTasks.remixOf, input.remixOf) : undefined,
      input.cursor ? afterCursor(drawTasks, keys, drawTasks.id, input.cursor) : undefined,
    );
    const page = await keysetPage(
      input,
      selectViews(db, input.viewerId, where).orderBy(...[...keys, drawTasks.id].map((key) => desc(key))),
      (row) => row.task.id,
    );
    return { ...page, items: page.items.map(flattenView) };
  },

  async setProviderTaskId(id: number, providerTaskId: string, now: Date) {
    await db.update(drawTasks).set({ providerTaskId, updatedAt: now }).where(eq(drawTasks.id, id));
  },

  /** Marks a running task succeeded with its images; false when it ended or was deleted meanwhile. */
  async markSucceeded(tx: DbOrTx, id: number, images: StoredDrawImage[], now: Date): Promise<boolean> {
    const rows = await tx
      .update(drawTasks)
      .set({ status: 'succeeded', images, error: null, updatedAt: now })
      .where(and(eq(drawTasks.id, id), eq(drawTasks.status, 'queued'), isNull(drawTasks.deletedAt)))
      .returning({ id: drawTasks.id });
    return rows.length > 0;
  },

  /** Ends a task that did not succeed, giving its cost back; false when it had already ended. */
  async markEnded(tx: DbOrTx, id: number, status: 'failed' | 'canceled', error: string | null, now: Date) {
    const rows = await tx
      .update(drawTasks)
      .set({ status, error, cost: 0, updatedAt: now })
      .where(and(eq(drawTasks.id, id), eq(drawTasks.status, 'queued')))
      .returning({ id: drawTasks.id });
    return rows.length > 0;
  },

  async softDelete(tx: DbOrTx, tenantId: number, userId: number, id: number, now: Date) {
    const [row] = await tx
      .update(drawTasks)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(drawTasks.tenantId, tenantId),
          eq(drawTasks.userId, userId),
          eq(drawTasks.id, id),
          isNull(drawTasks.deletedAt),
        ),
      )
      .returning();
    return row;
  },

  ...createDrawingQueueRepository(db),
  ...createDrawingHallRepository(db),
});
export type DrawingRepository = ReturnType<typeof createDrawingRepository>;

/** Drawing's repositories (tasks with the hall and role images, upscaled versions), made once per module. */
export const createDrawingRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    tasks: createDrawingRepository(executor),
    versions: createDrawVersionsRepository(executor),
  }));
export type DrawingRepositories = ReturnType<typeof createDrawingRepositories>;

// ---- drawings as the plaza's report targets ----

/**
 * What the plaza's reports need of a drawing (report target type `drawing`, the id is the task's): its author
 * when the reporter can see it (published in the works hall, or their own; never a deleted one), else
 * undefined, so a report never reveals someone's private drawing.
 */
export const visibleDrawingOwner = async (
  db: DbOrTx,
  tenantId: number,
  viewerId: number,
  id: number,
): Promise<number | undefined> => {
  const [row] = await db
    .select({ owner: drawTasks.userId })
    .from(drawTasks)
    .where(
      and(
        eq(drawTasks.tenantId, tenantId),
        eq(drawTasks.id, id),
        isNull(drawTasks.deletedAt),
        or(isNotNull(drawTasks.publishedAt), eq(drawTasks.userId, viewerId)),
      ),
    )
    .limit(1);
  return row?.owner;
};

/** What operators see of reported drawings: the hall title, or the prompt of an unpublished one. */
export const drawingReportTexts = async (
  db: DbOrTx,
  tenantId: number,
  ids: number[],
): Promise<Map<number, string>> => {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: drawTasks.id, title: drawTasks.title, prompt: drawTasks.prompt })
    .from(drawTasks)
    .where(and(eq(drawTasks.tenantId, tenantId), inArray(drawTasks.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title || r.prompt]));
};

/** A reported drawing as operators act on it: its author, its text and whether the hall shows it. */
export const drawingReportTargets = async (db: DbOrTx, tenantId: number, ids: number[]) => {
  if (!ids.length) return [];
  return db
    .select({
      id: drawTasks.id,
      userId: drawTasks.userId,
      title: drawTasks.title,
      prompt: drawTasks.prompt,
      publishedAt: drawTasks.publishedAt,
    })
    .from(drawTasks)
    .where(and(eq(drawTasks.tenantId, tenantId), inArray(drawTasks.id, ids), isNull(drawTasks.deletedAt)));
};

/**
 * An operator's take-down of a drawing (a report resolved with take_down): it leaves the works hall inside the
 * caller's transaction. Answers the storage keys of its public copies, for `deletePublicDrawingCopies` once the
 * transaction has committed, or null when it was not published.
 */
export const unpublishDrawingInTx = async (tx: DbOrTx, tenantId: number, id: number, now: Date) => {
  const [row] = await tx
    .update(drawTasks)
    .set({ publishedAt: null, updatedAt: now })
    .where(and(eq(drawTasks.tenantId, tenantId), eq(drawTasks.id, id), isNotNull(drawTasks.publishedAt)))
    .returning({ images: drawTasks.images });
  if (!row) return null;
  // Its upscaled versions were public with it (a handful per work, ai_draw_version_task_idx).
  const versions = await tx
    .select({ image: drawVersions.image })
    .from(drawVersions)
    .where(and(eq(drawVersions.taskId, id), isNotNull(drawVersions.image)));
  return [...row.images, ...versions.flatMap((v) => (v.image ? [v.image] : []))].flatMap((image) => [
    image.key,
    image.thumbKey,
  ]);
};
