import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { drawTasks } from './drawing.table.js';

/**
 * A stored picture of one of the user's own finished drawings (`index`: which of its pictures), for another
 * module that reuses it (a video storyboard scene). Undefined when the drawing is not theirs, not finished,
 * deleted, or has no such picture. Drawings are stored privately.
 */
export const ownDrawingImage = async (
  db: DbOrTx,
  tenantId: number,
  userId: number,
  drawingId: number,
  index: number,
): Promise<{ key: string; visibility: 'private' } | undefined> => {
  const [row] = await db
    .select({ images: drawTasks.images })
    .from(drawTasks)
    .where(
      and(
        eq(drawTasks.id, drawingId),
        eq(drawTasks.tenantId, tenantId),
        eq(drawTasks.userId, userId),
        eq(drawTasks.status, 'succeeded'),
        isNull(drawTasks.deletedAt),
      ),
    )
    .limit(1);
  const image = row?.images[index];
  return image ? { key: image.key, visibility: 'private' } : undefined;
};
