import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { drawTasks } from './drawing.table.js';

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
  return row ? row.images.flatMap((image) => [image.key, image.thumbKey]) : null;
};

/** Deletes the public copies the hall served; the private originals stay with their owner. */
export const deletePublicDrawingCopies = async (storage: FileStorage, keys: string[]) => {
  for (const key of keys) await storage.backend.delete(key, 'public');
};
