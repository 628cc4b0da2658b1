import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
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
