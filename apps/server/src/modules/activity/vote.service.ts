import type { endpoints, ParsedBodyOf, VoteOptionsResult } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { localize, translationsAfterChange } from '../../platform/i18n/stored-translations.js';
import { conflict, notFound } from '../../platform/errors.js';
import { memberUidOf } from './activity-caller.js';
import type { ActivityRepositories } from './activity.repository.js';
import type { VoteOptionRow } from './vote.repository.js';

const toAdminOption = (row: VoteOptionRow) => ({
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
export const createVoteService = ({ store, clock }: { store: ActivityRepositories; clock: Clock }) => {
  const { votes: repo, activityRules } = store.repos;

  // Dish names and descriptions in the caller's language; a member's vote of today.
  const options = async (actor: Actor): Promise<VoteOptionsResult> => {
    const { tenantId, locale } = actor;
    const uid = memberUidOf(actor);
    const today = shanghaiDate(clock.now());
    const [rows, rules, mine] = await Promise.all([
      repo.options(tenantId, true),
      activityRules(tenantId, locale),
      uid ? repo.votedOn(tenantId, uid, today) : Promise.resolve([]),
    ]);
    const totalVotes = rows.reduce((sum, r) => sum + r.votes, 0);
    const sorted = rows.map((r) => r.votes).sort((a, b) => b - a);
    return {
      today,
      votedToday: mine.length > 0,
      myOptionId: mine[0]?.optionId ?? null,
      totalVotes,
      options: rows.map((r) => ({
        ...localize({ name: r.name, description: r.description }, r.i18n, locale),
        id: r.id,
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

    async vote(actor: Actor, optionId: number): Promise<VoteOptionsResult> {
      const { tenantId, uid } = actor;
      const today = shanghaiDate(clock.now());
      await store.transaction(async ({ votes }) => {
        if (!(await votes.enabledOption(tenantId, optionId))) throw notFound('vote_option_not_found');
        const recorded = await votes.recordVote({
          tenantId,
          userId: uid,
          optionId,
          date: today,
          createdAt: clock.now(),
        });
        if (!recorded) throw conflict('already_voted_today');
        await votes.countVote(optionId);
      });
      return options(actor);
    },

    // ---- Operators ----

    adminList: async ({ tenantId }: Actor) => (await repo.options(tenantId, false)).map(toAdminOption),

    /** Operators' changes, each audited in its own transaction. */
    async add(actor: Actor, input: ParsedBodyOf<typeof endpoints.voteOptionAdd>) {
      const now = clock.now();
      return store.transaction(async ({ votes }, tx) => {
        const row = await votes.insert({
          tenantId: actor.tenantId,
          ...input,
          createdAt: now,
          updatedAt: now,
        });
        await writeAudit(tx, actor, {
          action: 'vote_option.add',
          targetType: 'vote_option',
          targetId: row.id,
          after: input,
        });
        return toAdminOption(row);
      });
    },

    async update(actor: Actor, input: ParsedBodyOf<typeof endpoints.voteOptionUpdate>) {
      const { id, ...changes } = input;
      return store.transaction(async ({ votes }, tx) => {
        const before = await votes.lockOption(actor.tenantId, id);
        if (!before) throw notFound('vote_option_not_found');
        const i18n = translationsAfterChange(before.i18n, before, changes);
        const row = (await votes.update(actor.tenantId, id, { ...changes, i18n, updatedAt: clock.now() }))!;
        await writeAudit(tx, actor, {
          action: 'vote_option.update',
          targetType: 'vote_option',
          targetId: id,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
          after: changes,
        });
        return toAdminOption(row);
      });
    },

    async remove(actor: Actor, id: number) {
      return store.transaction(async ({ votes }, tx) => {
        const row = await votes.update(actor.tenantId, id, {
          deletedAt: clock.now(),
          status: 0,
        });
        if (!row) throw notFound('vote_option_not_found');
        await writeAudit(tx, actor, {
          action: 'vote_option.delete',
          targetType: 'vote_option',
          targetId: id,
          before: { name: row.name, votes: row.votes },
        });
        return { id };
      });
    },
  };
};
