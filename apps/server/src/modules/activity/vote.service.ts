import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { VoteOptionsResult } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { loadActivityRules } from './activity-rules.js';
import { voteOptions, voteRecords } from './activity.table.js';

type OptionRow = typeof voteOptions.$inferSelect;
type OptionInput = { name: string; description: string; image: string; sort: number; status: 0 | 1 };

export const toAdminOption = (row: OptionRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image: row.image,
  votes: row.votes,
  sort: row.sort,
  status: (row.status === 1 ? 1 : 0) as 0 | 1,
});

/**
 * Food vote: one vote per user per Asia/Shanghai day (unique (user, date) row); the option's counter rises in
 * the same transaction, so the counts always equal the vote rows. Live results: clients poll `options`.
 */
export const createVoteService = ({ db, clock }: { db: Db; clock: Clock }) => {
  const live = (tenantId: number) => and(eq(voteOptions.tenantId, tenantId), isNull(voteOptions.deletedAt));

  const options = async (tenantId: number, uid: number | null): Promise<VoteOptionsResult> => {
    const today = shanghaiDate(clock.now());
    const [rows, rules, mine] = await Promise.all([
      db
        .select()
        .from(voteOptions)
        .where(and(live(tenantId), eq(voteOptions.status, 1)))
        .orderBy(asc(voteOptions.sort), asc(voteOptions.id)),
      loadActivityRules(db, tenantId),
      uid
        ? db
            .select({ optionId: voteRecords.optionId })
            .from(voteRecords)
            .where(
              and(
                eq(voteRecords.tenantId, tenantId),
                eq(voteRecords.userId, uid),
                eq(voteRecords.date, today),
              ),
            )
        : Promise.resolve([]),
    ]);
    const totalVotes = rows.reduce((sum, r) => sum + r.votes, 0);
    const sorted = rows.map((r) => r.votes).sort((a, b) => b - a);
    return {
      today,
      votedToday: mine.length > 0,
      myOptionId: mine[0]?.optionId ?? null,
      totalVotes,
      options: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        image: r.image,
        votes: r.votes,
        percent: totalVotes ? Math.round((r.votes * 1000) / totalVotes) / 10 : 0,
        rank: sorted.indexOf(r.votes) + 1,
      })),
      rules: rules.voteRules,
    };
  };

  return {
    options,

    async vote(tenantId: number, uid: number, optionId: number): Promise<VoteOptionsResult> {
      const today = shanghaiDate(clock.now());
      await db.transaction(async (tx) => {
        const [option] = await tx
          .select({ id: voteOptions.id })
          .from(voteOptions)
          .where(and(live(tenantId), eq(voteOptions.id, optionId), eq(voteOptions.status, 1)));
        if (!option) throw notFound('vote_option_not_found');
        const [row] = await tx
          .insert(voteRecords)
          .values({ tenantId, userId: uid, optionId, date: today, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning({ id: voteRecords.id });
        if (!row) throw conflict('already_voted_today');
        await tx
          .update(voteOptions)
          .set({ votes: sql`${voteOptions.votes} + 1` })
          .where(eq(voteOptions.id, optionId));
      });
      return options(tenantId, uid);
    },

    // ---- Operators ----

    async adminList(tenantId: number) {
      const rows = await db
        .select()
        .from(voteOptions)
        .where(live(tenantId))
        .orderBy(asc(voteOptions.sort), asc(voteOptions.id));
      return rows.map(toAdminOption);
    },

    async add(tenantId: number, input: OptionInput) {
      const now = clock.now();
      const [row] = await db
        .insert(voteOptions)
        .values({ tenantId, ...input, createdAt: now, updatedAt: now })
        .returning();
      return toAdminOption(row!);
    },

    async update(tenantId: number, input: Partial<OptionInput> & { id: number }) {
      const { id, ...changes } = input;
      const [row] = await db
        .update(voteOptions)
        .set({ ...changes, updatedAt: clock.now() })
        .where(and(live(tenantId), eq(voteOptions.id, id)))
        .returning();
      if (!row) throw notFound('vote_option_not_found');
      return toAdminOption(row);
    },

    async remove(tenantId: number, id: number) {
      const [row] = await db
        .update(voteOptions)
        .set({ deletedAt: clock.now(), status: 0 })
        .where(and(live(tenantId), eq(voteOptions.id, id)))
        .returning({ id: voteOptions.id });
      if (!row) throw notFound('vote_option_not_found');
      return { id };
    },
  };
};
