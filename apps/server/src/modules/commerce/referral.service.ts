import { randomInt } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import './commerce.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { users } from '../../platform/identity/identity.table.js';
import { referralCodes, referralUses } from './commerce.table.js';
import type { OrderRow } from './commerce.mappers.js';
import { isUniqueViolation } from '../../platform/db/sql.js';

/** No 0/O, 1/I/L: codes are read aloud and typed from posters. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;
export const newReferralCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * Binds `refereeId` to the owner of `code`, once. Answers the referrer, or null when the caller was already
 * bound (to any code) and `quietIfBound` is set (an order carrying a code must not fail for that).
 */
export const bindReferral = async (
  db: DbOrTx,
  input: { tenantId: number; refereeId: number; code: string; quietIfBound?: boolean },
): Promise<{ referrerId: number; referrerNickName: string; code: string } | null> => {
  const code = normalizeCode(input.code);
  const [owner] = await db
    .select({ userId: referralCodes.userId, nickName: users.nickName })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.tenantId, input.tenantId), eq(referralCodes.code, code)))
    .limit(1);
  if (!owner) throw notFound('referral_code_invalid');
  if (owner.userId === input.refereeId) throw badRequest('referral_own_code');
  const inserted = await db
    .insert(referralUses)
    .values({ tenantId: input.tenantId, code, referrerId: owner.userId, refereeId: input.refereeId })
    .onConflictDoNothing()
    .returning({ id: referralUses.id });
  if (!inserted.length) {
    if (input.quietIfBound) return null;
    throw conflict('referral_already_bound');
  }
  return { referrerId: owner.userId, referrerNickName: owner.nickName ?? '', code };
};

/**
 * Inside the transaction that marks the referee's order paid: rewards the referrer once (the conditional
 * update on rewarded_at IS NULL makes a second paid order, or a concurrent one, a no-op).
 */
export const rewardReferrer = async (
  tx: DbOrTx,
  order: OrderRow,
  now: Date,
  rewardGold: number,
): Promise<void> => {
  if (order.amountFen <= 0 && (order.goldCost ?? 0) <= 0) return;
  const [use] = await tx
    .update(referralUses)
    .set({ rewardedAt: now, orderId: order.id, rewardGold })
    .where(
      and(
        eq(referralUses.tenantId, order.tenantId),
        eq(referralUses.refereeId, order.userId),
        isNull(referralUses.rewardedAt),
      ),
    )
    .returning();
  if (!use || rewardGold <= 0) return;
  await changeBalance(tx, {
    tenantId: order.tenantId,
    userId: use.referrerId,
    currency: 'gold',
    amount: rewardGold,
    reason: 'referral_reward',
    refType: 'referral',
    refId: String(use.id),
  });
};

export const createReferralService = (deps: { db: Db; clock: Clock; rewardGold: number }) => {
  const { db, rewardGold } = deps;

  const codeInfo = async (tenantId: number, userId: number) => {
    const [row] = await db
      .select()
      .from(referralCodes)
      .where(and(eq(referralCodes.tenantId, tenantId), eq(referralCodes.userId, userId)))
      .limit(1);
    if (!row) return null;
    const [stats] = await db
      .select({
        used: count(),
        rewarded: sql<number>`coalesce(sum(${referralUses.rewardGold}), 0)::int`,
      })
      .from(referralUses)
      .where(and(eq(referralUses.tenantId, tenantId), eq(referralUses.referrerId, userId)));
    return {
      code: row.code,
      createTime: row.createdAt.toISOString(),
      usedCount: stats?.used ?? 0,
      rewardGold,
      rewardedGold: Number(stats?.rewarded ?? 0),
    };
  };

  return {
    /** One stable code per user: created on the first call (unique, retried on the rare collision). */
    async generate(tenantId: number, userId: number) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const existing = await codeInfo(tenantId, userId);
        if (existing) return existing;
        try {
          await db
            .insert(referralCodes)
            .values({ tenantId, userId, code: newReferralCode() })
            .onConflictDoNothing({ target: [referralCodes.tenantId, referralCodes.userId] });
        } catch (err) {
          // Another user holds this code: try another.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new Error('could not allocate a referral code');
    },

    async list(tenantId: number, userId: number, page: { page: number; pageSize: number }) {
      const where = and(eq(referralUses.tenantId, tenantId), eq(referralUses.referrerId, userId));
      const [rows, [total]] = await Promise.all([
        db
          .select({ use: referralUses, nickName: users.nickName, avatar: users.avatar })
          .from(referralUses)
          .innerJoin(users, eq(users.id, referralUses.refereeId))
          .where(where)
          .orderBy(desc(referralUses.createdAt), desc(referralUses.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(referralUses).where(where),
      ]);
      return {
        code: await codeInfo(tenantId, userId),
        items: rows.map(({ use, nickName, avatar }) => ({
          userId: use.refereeId,
          nickName: nickName ?? '',
          avatar,
          bindTime: use.createdAt.toISOString(),
          rewardTime: use.rewardedAt ? use.rewardedAt.toISOString() : null,
          rewardGold: use.rewardGold,
        })),
        total: total?.n ?? 0,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    /** The code I am bound to (what an order form pre-fills). */
    async dropdown(tenantId: number, userId: number) {
      const rows = await db
        .select({ code: referralUses.code, nickName: users.nickName })
        .from(referralUses)
        .innerJoin(users, eq(users.id, referralUses.referrerId))
        .where(and(eq(referralUses.tenantId, tenantId), eq(referralUses.refereeId, userId)));
      return rows.map((r) => ({ label: `${r.code}（${r.nickName ?? ''}）`, value: r.code }));
    },

    async bind(tenantId: number, userId: number, code: string) {
      const bound = await bindReferral(db, { tenantId, refereeId: userId, code });
      return { code: bound!.code, referrerNickName: bound!.referrerNickName };
    },
  };
};
