import { randomInt } from 'node:crypto';
import type {
  DrawResult,
  endpoints,
  Locale,
  MyPrize,
  ParsedBodyOf,
  ParsedQueryOf,
  Prize,
  PrizeListResult,
} from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { localize, translationsAfterChange } from '../../platform/i18n/stored-translations.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import { mapPage } from '../../platform/db/paged.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import type { loadActivityRules } from './activity-rules.js';
import { memberUidOf } from './activity-caller.js';
import type { ActivityRepositories } from './activity.repository.js';
import type { DrawRepository, PrizeRow } from './draw.repository.js';
import { grantReward } from './rewards.js';
import type { ActivityCoupons } from '../commerce/index.js';

/** Where the draw's randomness comes from: `int(n)` is a uniform integer in [0, n). */
export interface RandomSource {
  int(maxExclusive: number): number;
}
/** The production source: the operating system's CSPRNG. */
const cryptoRandom: RandomSource = { int: (max) => randomInt(max) };

/** A prize as its reader sees it: its name in the reader's language. */
const toPrize = (row: PrizeRow, locale: Locale = 'zh-Hans'): Prize => ({
  ...localize({ name: row.name }, row.i18n, locale),
  id: row.id,
  slot: row.slot,
  image: row.image,
  kind: row.kind as Prize['kind'],
  amount: row.amount,
});
const toAdminPrize = (row: PrizeRow) => ({
  ...toPrize(row),
  weight: row.weight,
  stock: row.stock,
  awarded: row.awarded,
  status: (row.status === 1 ? 1 : 0) as 0 | 1,
});

/** Picks one prize with probability weight / total weight (prizes with weight 0 never come up). */
export const pickByWeight = <T extends { weight: number }>(items: T[], random: RandomSource): T | null => {
  const total = items.reduce((sum, item) => sum + Math.max(0, item.weight), 0);
  if (total <= 0) return null;
  let ticket = random.int(total);
  for (const item of items) {
    if (item.weight <= 0) continue;
    if (ticket < item.weight) return item;
    ticket -= item.weight;
  }
  return null;
};

interface DrawDeps {
  store: ActivityRepositories;
  clock: Clock;
  cache: MemoryCache;
  random?: RandomSource;
  /** Commerce's coupons: a coupon prize is granted there. */
  coupons: ActivityCoupons;
}

/** The wheel as users read it: its prizes and rules (from memory), today's draws, and my prizes. */
const createWheelReads = ({ store, clock, cache }: DrawDeps) => {
  const { draws: repo, users, activityRules } = store.repos;
  // The wheel as everyone reading one language sees it (prizes and rules), until a prize or the rules dictionary changes.
  const wheels = cache.area<{
    prizes: Prize[];
    rules: Awaited<ReturnType<typeof loadActivityRules>>['luckyWheel'];
  }>({
    tables: ['draw_prize', 'sys_dict_data', 'sys_dict_type'],
  });
  return {
    /** The wheel in the caller's language, with a member's draws today and points. */
    async prizeList(actor: Actor): Promise<PrizeListResult> {
      const { tenantId, locale } = actor;
      const uid = memberUidOf(actor);
      const today = shanghaiDate(clock.now());
      const [wheel, drawsToday, myPoints] = await Promise.all([
        wheels.get(`${tenantId}:${locale}`, async () => {
          const [rows, rules] = await Promise.all([
            repo.prizes(tenantId, true),
            activityRules(tenantId, locale),
          ]);
          return { prizes: rows.map((row) => toPrize(row, locale)), rules: rules.luckyWheel };
        }),
        uid ? repo.drawsOn(tenantId, uid, today) : Promise.resolve(0),
        uid ? users.points(tenantId, uid) : Promise.resolve(null),
      ]);
      const { costPoints, dailyLimit } = wheel.rules;
      return {
        prizes: wheel.prizes,
        costPoints,
        dailyLimit,
        drawsToday,
        remainingToday: Math.max(0, dailyLimit - drawsToday),
        myPoints,
        rules: wheel.rules.rules,
      };
    },

    /** The caller's prizes; each named in the caller's language while it is still named as its prize. */
    myPrizes: async ({ tenantId, uid, locale }: Actor, page: ParsedQueryOf<typeof endpoints.myPrizes>) =>
      mapPage(await repo.wonPage(tenantId, uid, page), (rows): MyPrize[] =>
        rows.map(({ record: r, prizeName, prizeI18n }) => ({
          id: r.id,
          prizeId: r.prizeId,
          name: r.name === prizeName ? localize({ name: r.name }, prizeI18n, locale).name : r.name,
          image: r.image,
          kind: r.kind as MyPrize['kind'],
          amount: r.amount,
          cost: r.cost,
          createTime: r.createdAt.toISOString(),
        })),
      ),
  };
};

/**
 * A draw runs in one transaction: the user's row is locked, today's draws are counted against
 * the rule's daily limit, the cost is debited through the ledger, the prize is picked by weight with the
 * random source, a prize with stock is taken by a conditional update (else the no-prize slot), the award is
 * credited and the draw recorded.
 */
const createLuckyDraw = ({ store, clock, coupons, random = cryptoRandom }: DrawDeps) => ({
  /** The caller's draw; the prize named in the caller's language. */
  async startDraw({ tenantId, uid, locale }: Actor): Promise<DrawResult> {
    const { luckyWheel: rule } = await store.repos.activityRules(tenantId);
    const now = clock.now();
    const today = shanghaiDate(now);
    return store.transaction(async ({ draws, users }, tx) => {
      await users.lock(tenantId, uid);
      const drawn = await draws.drawsOn(tenantId, uid, today);
      if (drawn >= rule.dailyLimit) throw conflict('draw_limit_reached', { limit: rule.dailyLimit });
      const prizes = await draws.prizes(tenantId, true);
      const none = prizes.find((p) => p.kind === 'none');
      if (!none) throw conflict('draw_unavailable');
      if (rule.costPoints > 0) {
        await changeBalance(tx, {
          at: now,
          tenantId,
          userId: uid,
          currency: 'points',
          amount: -rule.costPoints,
          reason: 'lucky_draw',
          refType: 'draw',
          refId: today,
        });
      }
      let prize = pickByWeight(prizes, random) ?? none;
      if (prize.kind !== 'none' && !(await draws.takeOne(prize.id))) prize = none;
      const won = prize.kind !== 'none';
      const recordId = await draws.record({
        tenantId,
        userId: uid,
        date: today,
        prizeId: prize.id,
        slot: prize.slot,
        name: prize.name,
        image: prize.image,
        kind: prize.kind,
        amount: prize.amount,
        cost: rule.costPoints,
        won,
        createdAt: now,
      });
      if (won) {
        await grantReward(tx, users, coupons, {
          tenantId,
          uid,
          kind: prize.kind,
          amount: prize.amount,
          name: prize.name,
          translations: prize.i18n,
          reason: 'lucky_draw_prize',
          refType: 'draw_record',
          refId: String(recordId),
          now,
        });
      }
      return {
        recordId,
        slot: prize.slot,
        prize: toPrize(prize, locale),
        won,
        cost: rule.costPoints,
        points: await users.points(tenantId, uid),
        drawsToday: drawn + 1,
        remainingToday: Math.max(0, rule.dailyLimit - drawn - 1),
      };
    });
  },
});

/** The prizes as operators edit them (each change audited; a free slot and a no-prize slot always kept). */
const createPrizeEditor = ({ store, clock }: DrawDeps) => {
  /** Checks that an enabled no-prize slot remains after a change (the fallback of out-of-stock draws). */
  const assertNoneRemains = async (prizes: DrawRepository, tenantId: number) => {
    if (!(await prizes.enabledNoneSlots(tenantId))) throw conflict('prize_none_required');
  };
  const assertSlotFree = async (
    prizes: DrawRepository,
    tenantId: number,
    slot: number,
    exceptId?: number,
  ) => {
    if (await prizes.slotTaken(tenantId, slot, exceptId)) throw conflict('prize_slot_taken', { slot });
  };

  return {
    adminList: async ({ tenantId }: Actor) =>
      (await store.repos.draws.prizes(tenantId, false)).map(toAdminPrize),

    async add(actor: Actor, input: ParsedBodyOf<typeof endpoints.prizeAdd>) {
      const tenantId = actor.tenantId;
      return store.transaction(async ({ draws: prizes }, tx) => {
        await assertSlotFree(prizes, tenantId, input.slot);
        const now = clock.now();
        const row = await prizes.insert({
          tenantId,
          ...input,
          createdAt: now,
          updatedAt: now,
        });
        await writeAudit(tx, actor, {
          action: 'prize.add',
          targetType: 'prize',
          targetId: row.id,
          after: input,
        });
        return toAdminPrize(row);
      });
    },

    async update(actor: Actor, input: ParsedBodyOf<typeof endpoints.prizeUpdate>) {
      const tenantId = actor.tenantId;
      const { id, ...changes } = input;
      return store.transaction(async ({ draws: prizes }, tx) => {
        const row = await prizes.lockPrize(tenantId, id);
        if (!row) throw notFound('prize_not_found');
        const merged = { ...row, ...changes };
        if (merged.kind !== 'none' && merged.kind !== 'item' && merged.amount <= 0)
          throw new AppError(400, 'prize_amount_required');
        if (changes.slot !== undefined && changes.slot !== row.slot)
          await assertSlotFree(prizes, tenantId, changes.slot, id);
        const i18n = translationsAfterChange(row.i18n, row, changes);
        const updated = await prizes.update(id, { ...changes, i18n, updatedAt: clock.now() });
        await assertNoneRemains(prizes, tenantId);
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]]));
        await writeAudit(tx, actor, {
          action: 'prize.update',
          targetType: 'prize',
          targetId: id,
          before,
          after: changes,
        });
        return toAdminPrize(updated);
      });
    },

    async remove(actor: Actor, id: number) {
      const tenantId = actor.tenantId;
      return store.transaction(async ({ draws: prizes }, tx) => {
        if (!(await prizes.remove(tenantId, id, clock.now()))) throw notFound('prize_not_found');
        await assertNoneRemains(prizes, tenantId);
        await writeAudit(tx, actor, { action: 'prize.delete', targetType: 'prize', targetId: id });
        return { id };
      });
    },
  };
};

/** Lucky wheel: the wheel users read, the draw, and the operators' prize editor. */
export const createDrawService = (deps: DrawDeps) => ({
  ...createWheelReads(deps),
  ...createLuckyDraw(deps),
  ...createPrizeEditor(deps),
});
export type DrawService = ReturnType<typeof createDrawService>;
