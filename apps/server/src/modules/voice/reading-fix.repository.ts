import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReadingFix } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { voiceReadingFixes } from './voice.table.js';

/** Most fixes a user keeps; the oldest beyond it are not applied (a dictionary, not a log). */
const READING_FIXES_MAX = 500;

export const createReadingFixRepository = (db: DbOrTx) => ({
  /** My fixes, newest first (the primary key's tenant/user prefix finds them). */
  async list(tenantId: number, userId: number): Promise<ReadingFix[]> {
    return db
      .select({ word: voiceReadingFixes.word, at: voiceReadingFixes.at, pinyin: voiceReadingFixes.pinyin })
      .from(voiceReadingFixes)
      .where(and(eq(voiceReadingFixes.tenantId, tenantId), eq(voiceReadingFixes.userId, userId)))
      .orderBy(desc(voiceReadingFixes.updatedAt))
      .limit(READING_FIXES_MAX);
  },

  /** Adds or replaces fixes (the same word and position keeps only the newest reading). */
  async upsert(tenantId: number, userId: number, fixes: ReadingFix[], now: Date): Promise<void> {
    if (!fixes.length) return;
    await db
      .insert(voiceReadingFixes)
      .values(fixes.map((f) => ({ tenantId, userId, ...f, updatedAt: now })))
      .onConflictDoUpdate({
        target: [
          voiceReadingFixes.tenantId,
          voiceReadingFixes.userId,
          voiceReadingFixes.word,
          voiceReadingFixes.at,
        ],
        set: { pinyin: sql`excluded.pinyin`, updatedAt: sql`excluded.updated_at` },
      });
  },

  async remove(tenantId: number, userId: number, word: string, at: number): Promise<boolean> {
    const rows = await db
      .delete(voiceReadingFixes)
      .where(
        and(
          eq(voiceReadingFixes.tenantId, tenantId),
          eq(voiceReadingFixes.userId, userId),
          eq(voiceReadingFixes.word, word),
          eq(voiceReadingFixes.at, at),
        ),
      )
      .returning({ at: voiceReadingFixes.at });
    return rows.length > 0;
  },
});
