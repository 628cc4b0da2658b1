import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { voteOptions, voteRecords } from './activity.table.js';

export type VoteOptionRow = typeof voteOptions.$inferSelect;
type OptionChange = Partial<Omit<typeof voteOptions.$inferInsert, 'id' | 'tenantId'>>;

export const createVoteRepository = (db: DbOrTx) => {
  const live = (tenantId: number) => and(eq(voteOptions.tenantId, tenantId), isNull(voteOptions.deletedAt));
  return {
    /** Options not deleted, in the order shown (only the enabled ones with `enabledOnly`). */
    options: (tenantId: number, enabledOnly: boolean) =>
      db
        .select()
        .from(voteOptions)
        .where(and(live(tenantId), enabledOnly ? eq(voteOptions.status, 1) : undefined))
        .orderBy(asc(voteOptions.sort), asc(voteOptions.id)),

    async enabledOption(tenantId: number, id: number) {
      const [row] = await db
        .select({ id: voteOptions.id })
        .from(voteOptions)
        .where(and(live(tenantId), eq(voteOptions.id, id), eq(voteOptions.status, 1)));
      return row;
    },

    /** The option ids the user voted for that day (one at most). */
    votedOn: (tenantId: number, uid: number, date: string) =>
      db
        .select({ optionId: voteRecords.optionId })
        .from(voteRecords)
        .where(
          and(eq(voteRecords.tenantId, tenantId), eq(voteRecords.userId, uid), eq(voteRecords.date, date)),
        ),

    /** Records the vote; false when the user voted that day already (unique (user, date) row). */
    async recordVote(values: {
      tenantId: number;
      userId: number;
      optionId: number;
      date: string;
      createdAt: Date;
    }) {
      const [row] = await db
        .insert(voteRecords)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: voteRecords.id });
      return !!row;
    },

    async countVote(optionId: number) {
      await db
        .update(voteOptions)
        .set({ votes: sql`${voteOptions.votes} + 1` })
        .where(eq(voteOptions.id, optionId));
    },

    /** A live option, locked until the transaction ends (an operator's change reads what it replaces). */
    async lockOption(tenantId: number, id: number) {
      const [row] = await db
        .select()
        .from(voteOptions)
        .where(and(live(tenantId), eq(voteOptions.id, id)))
        .for('update');
      return row;
    },

    async insert(values: typeof voteOptions.$inferInsert) {
      const [row] = await db.insert(voteOptions).values(values).returning();
      return row!;
    },

    /** Changes a live option; undefined when there is none with that id. */
    async update(tenantId: number, id: number, change: OptionChange) {
      const [row] = await db
        .update(voteOptions)
        .set(change)
        .where(and(live(tenantId), eq(voteOptions.id, id)))
        .returning();
      return row;
    },
  };
};
