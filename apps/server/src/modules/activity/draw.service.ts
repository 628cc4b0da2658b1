import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DrawResult, MyPrize, Prize, PrizeListResult } from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { loadActivityRules } from './activity-rules.js';
import { drawPrizes, drawRecords } from './activity.table.js';
import { grantReward, lockUser, pointsOf } from './rewards.js';

/** Where the draw's randomness comes from: `int(n)` is a uniform integer in [0, n). */
export interface RandomSource {
  int(maxExclusive: number): number;
}
/** The production source: the operating system's CSPRNG. */
export const cryptoRandom: RandomSource = { int: (max) => randomInt(max) };

type PrizeRow = typeof drawPrizes.$inferSelect;

const toPrize = (row: PrizeRow): Prize => ({
  id: row.id,
  slot: row.slot,
  name: row.name,
  image: row.image,
  kind: row.kind as Prize['kind'],
  amount: row.amount,
});
export const toAdminPrize = (row: PrizeRow) => ({
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

type PrizeInput = {
  slot: number;
  name: string;
  image: string;
  kind: Prize['kind'];
  amount: number;
  weight: number;
  stock: number | null;
  status: 0 | 1;
};

/**
 * Lucky wheel. A draw runs in one transaction: the user's row is locked, today's draws are counted against
 * the rule's daily limit, the cost is debited through the ledger, the prize is picked by weight with the
 * random source, a prize with stock is taken by a conditional update (else the no-prize slot), the award is
 * credited and the draw recorded.
 */
export const createDrawService = ({
  db,
  clock,
  cache,
  random = cryptoRandom,
}: {
  db: Db;
  clock: Clock;
  cache: MemoryCache;
  random?: RandomSource;
}) => {
  // The wheel as everyone sees it (prizes and rules), until a prize or the rules dictionary changes.
  const wheels = cache.area<{
    prizes: Prize[];
    rules: Awaited<ReturnType<typeof loadActivityRules>>['luckyWheel'];
  }>({
    tables: ['draw_prize', 'sys_dict_data', 'sys_dict_type'],
  });
  const live = (tenantId: number) => and(eq(drawPrizes.tenantId, tenantId), isNull(drawPrizes.deletedAt));
  const enabled = (tx: DbOrTx, tenantId: number) =>
    tx
      .select()
      .from(drawPrizes)
      .where(and(live(tenantId), eq(drawPrizes.status, 1)))
      .orderBy(asc(drawPrizes.slot));
  const drawsOn = async (tx: DbOrTx, tenantId: number, uid: number, date: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(drawRecords)
      .where(
        and(eq(drawRecords.tenantId, tenantId), eq(drawRecords.userId, uid), eq(drawRecords.date, date)),
      );
    return row?.n ?? 0;
  };

  /** Checks that an enabled no-prize slot remains after a change (the fallback of out-of-stock draws). */
  const assertNoneRemains = async (tx: DbOrTx, tenantId: number) => {
    const [row] = await tx
      .select({ n: count() })
      .from(drawPrizes)
      .where(and(live(tenantId), eq(drawPrizes.status, 1), eq(drawPrizes.kind, 'none')));
    if (!row?.n) throw conflict('prize_none_required');
  };
  const assertSlotFree = async (tx: DbOrTx, tenantId: number, slot: number, exceptId?: number) => {
    const [row] = await tx
      .select({ id: drawPrizes.id })
      .from(drawPrizes)
      .where(
        and(live(tenantId), eq(drawPrizes.slot, slot), exceptId ? ne(drawPrizes.id, exceptId) : undefined),
      );
    if (row) throw conflict('prize_slot_taken', { slot });
  };

  return {
    async prizeList(tenantId: number, uid: number | null): Promise<PrizeListResult> {
      const today = shanghaiDate(clock.now());
      const [wheel, drawsToday, myPoints] = await Promise.all([
        wheels.get(String(tenantId), async () => {
          const [rows, rules] = await Promise.all([enabled(db, tenantId), loadActivityRules(db, tenantId)]);
          return { prizes: rows.map(toPrize), rules: rules.luckyWheel };
        }),
        uid ? drawsOn(db, tenantId, uid, today) : Promise.resolve(0),
        uid ? pointsOf(db, tenantId, uid) : Promise.resolve(null),
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

    async startDraw(tenantId: number, uid: number): Promise<DrawResult> {
      const { luckyWheel: rule } = await loadActivityRules(db, tenantId);
      const now = clock.now();
      const today = shanghaiDate(now);
      return db.transaction(async (tx) => {
        await lockUser(tx, tenantId, uid);
        const drawn = await drawsOn(tx, tenantId, uid, today);
        if (drawn >= rule.dailyLimit) throw conflict('draw_limit_reached', { limit: rule.dailyLimit });
        const prizes = await enabled(tx, tenantId);
        const none = prizes.find((p) => p.kind === 'none');
        if (!none) throw conflict('draw_unavailable');
        if (rule.costPoints > 0) {
          await changeBalance(tx, {
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
        if (prize.kind !== 'none') {
          const [taken] = await tx
            .update(drawPrizes)
            .set({
              awarded: sql`${drawPrizes.awarded} + 1`,
              stock: sql`CASE WHEN ${drawPrizes.stock} IS NULL THEN NULL ELSE ${drawPrizes.stock} - 1 END`,
            })
            .where(
              and(eq(drawPrizes.id, prize.id), sql`(${drawPrizes.stock} IS NULL OR ${drawPrizes.stock} > 0)`),
            )
            .returning({ id: drawPrizes.id });
          if (!taken) prize = none;
        }
        const won = prize.kind !== 'none';
        const [record] = await tx
          .insert(drawRecords)
          .values({
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
          })
          .returning({ id: drawRecords.id });
        if (won) {
          await grantReward(tx, {
            tenantId,
            uid,
            kind: prize.kind,
            amount: prize.amount,
            reason: 'lucky_draw_prize',
            refType: 'draw_record',
            refId: String(record!.id),
            now,
          });
        }
        return {
          recordId: record!.id,
          slot: prize.slot,
          prize: toPrize(prize),
          won,
          cost: rule.costPoints,
          points: await pointsOf(tx, tenantId, uid),
          drawsToday: drawn + 1,
          remainingToday: Math.max(0, rule.dailyLimit - drawn - 1),
        };
      });
    },

    async myPrizes(tenantId: number, uid: number, page: { page: number; pageSize: number }) {
      const where = and(
        eq(drawRecords.tenantId, tenantId),
        eq(drawRecords.userId, uid),
        eq(drawRecords.won, true),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(drawRecords)
          .where(where)
          .orderBy(desc(drawRecords.createdAt), desc(drawRecords.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(drawRecords).where(where),
      ]);
      const items: MyPrize[] = rows.map((r) => ({
        id: r.id,
        prizeId: r.prizeId,
        name: r.name,
        image: r.image,
        kind: r.kind as MyPrize['kind'],
        amount: r.amount,
        cost: r.cost,
        createTime: r.createdAt.toISOString(),
      }));
      return { items, total: total?.total ?? 0, ...page };
    },

    // ---- Operators ----

    async adminList(tenantId: number) {
      const rows = await db.select().from(drawPrizes).where(live(tenantId)).orderBy(asc(drawPrizes.slot));
      return rows.map(toAdminPrize);
    },

    async add(tenantId: number, input: PrizeInput) {
      return db.transaction(async (tx) => {
        await assertSlotFree(tx, tenantId, input.slot);
        const now = clock.now();
        const [row] = await tx
          .insert(drawPrizes)
          .values({ tenantId, ...input, createdAt: now, updatedAt: now })
          .returning();
        return toAdminPrize(row!);
      });
    },

    async update(tenantId: number, input: Partial<PrizeInput> & { id: number }) {
      const { id, ...changes } = input;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(drawPrizes)
          .where(and(live(tenantId), eq(drawPrizes.id, id)))
          .for('update');
        if (!row) throw notFound('prize_not_found');
        const merged = { ...row, ...changes };
        if (merged.kind !== 'none' && merged.kind !== 'item' && merged.amount <= 0)
          throw new AppError(400, 'prize_amount_required');
        if (changes.slot !== undefined && changes.slot !== row.slot)
          await assertSlotFree(tx, tenantId, changes.slot, id);
        const [updated] = await tx
          .update(drawPrizes)
          .set({ ...changes, updatedAt: clock.now() })
          .where(eq(drawPrizes.id, id))
          .returning();
        await assertNoneRemains(tx, tenantId);
        return toAdminPrize(updated!);
      });
    },

    async remove(tenantId: number, id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(drawPrizes)
          .set({ deletedAt: clock.now(), status: 0 })
          .where(and(live(tenantId), eq(drawPrizes.id, id)))
          .returning({ id: drawPrizes.id });
        if (!row) throw notFound('prize_not_found');
        await assertNoneRemains(tx, tenantId);
        return { id };
      });
    },
  };
};
export type DrawService = ReturnType<typeof createDrawService>;
