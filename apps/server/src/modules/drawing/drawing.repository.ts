import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { afterCursor, keysetPage } from '../../platform/db/keyset-page.js';
import { authorSummaryColumns } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { drawLikes, drawRoleImages, drawTasks, drawVersions, drawWeekLikes, type StoredDrawImage } from './drawing.table.js';
import { isoWeekOf } from './iso-week.js';

export type DrawTaskRow = typeof drawTasks.$inferSelect;
export type NewDrawTask = typeof drawTasks.$inferInsert;

/** A task with what its card needs: the job's live state, the author, and whether the viewer liked it. */
export interface DrawTaskView extends DrawTaskRow {
  jobState: string | null;
  jobProgress: number | null;
  jobStage: string | null;
  jobError: string | null;
  author: {
    id: number;
    nickName: string | null;
    avatar: string | null;
    phone: string | null;
    deletedAt: Date | null;
  };
  liked: boolean;
}

/** SQL of the drawing tables; no rules. */
export const createDrawingRepository = (db: Db) => {
  const viewColumns = (viewerId: number | null) => ({
    task: drawTasks,
    jobState: jobs.state,
    jobProgress: jobs.progress,
    jobStage: jobs.stage,
    jobError: jobs.error,
    author: authorSummaryColumns,
    liked: viewerId
      ? sql<boolean>`exists (select 1 from ${drawLikes} where ${drawLikes.taskId} = ${drawTasks.id} and ${drawLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
  });
  type Selected = { task: DrawTaskRow } & Omit<DrawTaskView, keyof DrawTaskRow>;
  const flatten = ({ task, ...rest }: Selected): DrawTaskView => ({ ...task, ...rest, liked: !!rest.liked });

  const select = (viewerId: number | null, where: SQL | undefined) =>
    db
      .select(viewColumns(viewerId))
      .from(drawTasks)
      .leftJoin(jobs, eq(jobs.id, drawTasks.jobId))
      .innerJoin(users, eq(users.id, drawTasks.userId))
      .where(where);

  return {
    async insert(tx: DbOrTx, values: NewDrawTask): Promise<DrawTaskRow> {
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
      const [row] = await select(
        viewerId,
        and(eq(drawTasks.tenantId, tenantId), eq(drawTasks.id, id), isNull(drawTasks.deletedAt)),
      ).limit(1);
      return row ? flatten(row) : undefined;
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
        select(input.viewerId, where).orderBy(...[...keys, drawTasks.id].map((key) => desc(key))),
        (row) => row.task.id,
      );
      return { ...page, items: page.items.map(flatten) };
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

    /** Tasks whose job ended badly while the task row still waits (the process died before settling them). */
    async unsettled(tenantId: number, userId: number): Promise<DrawTaskView[]> {
      const rows = await select(
        null,
        and(
          eq(drawTasks.tenantId, tenantId),
          eq(drawTasks.userId, userId),
          eq(drawTasks.status, 'queued'),
          inArray(jobs.state, ['failed', 'canceled']),
        ),
      );
      return rows.map(flatten);
    },

    /** How many of the user's tasks accepted since `since` have no job yet (the task limit counts them). */
    async unqueuedSince(tx: DbOrTx, tenantId: number, userId: number, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(drawTasks)
        .where(
          and(
            eq(drawTasks.tenantId, tenantId),
            eq(drawTasks.userId, userId),
            sql`${drawTasks.createdAt} > ${since.toISOString()}::timestamptz`,
            eq(drawTasks.status, 'queued'),
            isNull(drawTasks.jobId),
          ),
        );
      return row?.n ?? 0;
    },

    /** Tasks accepted before `before` that never got a job linked (their process died in between). */
    async unqueued(before: Date, limit: number): Promise<DrawTaskRow[]> {
      return db
        .select()
        .from(drawTasks)
        .where(and(eq(drawTasks.status, 'queued'), isNull(drawTasks.jobId), lt(drawTasks.createdAt, before)))
        .orderBy(asc(drawTasks.id))
        .limit(limit);
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
        .where(and(eq(drawWeekLikes.tenantId, tenantId), eq(drawWeekLikes.week, week), sql`${drawWeekLikes.likes} > 0`))
        .orderBy(desc(drawWeekLikes.likes), desc(drawWeekLikes.taskId))
        .limit(limit * 2);
      if (!top.length) return [];
      const rows = await select(
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
      const byId = new Map(rows.map((row) => [row.task.id, flatten(row)]));
      return top
        .filter((t) => byId.has(t.taskId))
        .slice(0, limit)
        .map((t) => ({ ...byId.get(t.taskId)!, weekLikes: t.likes }));
    },

    async insertRoleImages(values: (typeof drawRoleImages.$inferInsert)[]) {
      return db.insert(drawRoleImages).values(values).returning();
    },

    async roleImages(tenantId: number, userId: number, ids?: number[]) {
      return db
        .select()
        .from(drawRoleImages)
        .where(
          and(
            eq(drawRoleImages.tenantId, tenantId),
            eq(drawRoleImages.userId, userId),
            ids ? inArray(drawRoleImages.id, ids.length ? ids : [0]) : undefined,
          ),
        )
        .orderBy(desc(drawRoleImages.createdAt), desc(drawRoleImages.id))
        .limit(50);
    },
  };
};
export type DrawingRepository = ReturnType<typeof createDrawingRepository>;

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
