import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { codeGuesses } from '../commerce.table.js';

/** An account's wrong-code counter: each change one conditional statement, so parallel tries cannot overshoot. */
export const createCodeGuessRepository = (db: DbOrTx) => ({
  /**
   * Takes one try while the account has fewer than `max` wrong codes in its window (a window that began at or
   * before `windowFloor` is over and starts again at `now`). The window's start, or undefined when none is left.
   */
  async take(userId: number, now: Date, windowFloor: Date, max: number): Promise<Date | undefined> {
    const over = sql`${codeGuesses.windowStart} <= ${windowFloor.toISOString()}::timestamptz`;
    const [taken] = await db
      .insert(codeGuesses)
      .values({ userId, windowStart: now, wrong: 1 })
      .onConflictDoUpdate({
        target: codeGuesses.userId,
        set: {
          windowStart: sql`CASE WHEN ${over} THEN ${now.toISOString()}::timestamptz ELSE ${codeGuesses.windowStart} END`,
          wrong: sql`CASE WHEN ${over} THEN 1 ELSE ${codeGuesses.wrong} + 1 END`,
        },
        setWhere: sql`${over} OR ${codeGuesses.wrong} < ${max}`,
      })
      .returning({ windowStart: codeGuesses.windowStart });
    return taken?.windowStart;
  },

  /** Gives back a try that was not a wrong code, if its window still runs. */
  async giveBack(userId: number, windowStart: Date) {
    await db
      .update(codeGuesses)
      .set({ wrong: sql`${codeGuesses.wrong} - 1` })
      .where(
        and(
          eq(codeGuesses.userId, userId),
          eq(codeGuesses.windowStart, windowStart),
          gt(codeGuesses.wrong, 0),
        ),
      );
  },

  async windowStart(userId: number): Promise<Date | undefined> {
    const [row] = await db
      .select({ windowStart: codeGuesses.windowStart })
      .from(codeGuesses)
      .where(eq(codeGuesses.userId, userId));
    return row?.windowStart;
  },
});
export type CodeGuessRepository = ReturnType<typeof createCodeGuessRepository>;
