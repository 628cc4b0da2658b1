import { UPLOAD_CATEGORIES } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { uploadUsage } from './file.table.js';

/** Limits one upload is stored under (bytes), and the Asia/Shanghai day its volume counts on. */
export interface UploadLimits {
  storageBytes: number;
  dailyBytes: number;
  day: string;
}

/** Which limit refused an upload. */
export type UploadRefusal = 'storage' | 'daily';

/** Files of the four upload classes with an owner count against that owner's usage. */
export const countsAsUpload = (category: string, userId: number | null): userId is number =>
  userId !== null && (UPLOAD_CATEGORIES as readonly string[]).includes(category);

/**
 * Adds `size` to the owner's usage when it fits both limits (one conditional upsert: concurrent uploads
 * cannot both pass); answers the limit that refused it otherwise, changing nothing.
 */
export const addUploadUsage = async (
  tx: DbOrTx,
  owner: { tenantId: number; userId: number },
  size: number,
  limits: UploadLimits,
): Promise<UploadRefusal | null> => {
  if (size > limits.storageBytes) return 'storage';
  if (size > limits.dailyBytes) return 'daily';
  const added = (await tx.execute(sql`
    insert into upload_usage as u (tenant_id, user_id, bytes, day, day_bytes)
    values (${owner.tenantId}, ${owner.userId}, ${size}, ${limits.day}, ${size})
    on conflict (tenant_id, user_id) do update set
      bytes = u.bytes + excluded.bytes,
      day_bytes = case when u.day = excluded.day then u.day_bytes + excluded.day_bytes else excluded.day_bytes end,
      day = excluded.day
    where u.bytes + excluded.bytes <= ${limits.storageBytes}
      and (case when u.day = excluded.day then u.day_bytes else 0 end) + excluded.day_bytes <= ${limits.dailyBytes}
    returning u.bytes`)) as unknown as { rows: { bytes: number | string }[] };
  if (added.rows.length > 0) return null;
  const now = await readUploadUsage(tx, owner, limits.day);
  return now.bytes + size > limits.storageBytes ? 'storage' : 'daily';
};

/** Takes a deleted upload's bytes off its owner's storage (today's volume stays: it was uploaded). */
export const releaseUploadUsage = async (
  tx: DbOrTx,
  owner: { tenantId: number; userId: number },
  size: number,
) => {
  await tx
    .update(uploadUsage)
    .set({ bytes: sql`greatest(0, ${uploadUsage.bytes} - ${size})` })
    .where(and(eq(uploadUsage.tenantId, owner.tenantId), eq(uploadUsage.userId, owner.userId)));
};

/** The owner's stored bytes and the bytes uploaded on `day` (one row by its key). */
export const readUploadUsage = async (
  db: DbOrTx,
  owner: { tenantId: number; userId: number },
  day: string,
): Promise<{ bytes: number; dayBytes: number }> => {
  const [row] = await db
    .select()
    .from(uploadUsage)
    .where(and(eq(uploadUsage.tenantId, owner.tenantId), eq(uploadUsage.userId, owner.userId)));
  if (!row) return { bytes: 0, dayBytes: 0 };
  return { bytes: Number(row.bytes), dayBytes: row.day === day ? Number(row.dayBytes) : 0 };
};
