import { randomInt } from 'node:crypto';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import '../commerce.messages.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { createReferralRepository } from './referral.repository.js';
import type { OrderRow } from '../commerce.mappers.js';
import { isUniqueViolation } from '../../../platform/db/sql.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { CodeGuessLimit } from '../coupons/code-guess-limit.js';

/** No 0/O, 1/I/L: codes are read aloud and typed from posters. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;
const newReferralCode = () =>
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
  const referrals = createReferralRepository(db);
  const owner = await referrals.owner(input.tenantId, code);
  if (!owner) throw notFound('referral_code_invalid');
  if (owner.userId === input.refereeId) throw badRequest('referral_own_code');
  const bound = await referrals.bind({
    tenantId: input.tenantId,
    code,
    referrerId: owner.userId,
    refereeId: input.refereeId,
  });
  if (!bound) {
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
  const use = await createReferralRepository(tx).markRewarded(order.tenantId, order.userId, {
    orderId: order.id,
    rewardGold,
    now,
  });
  if (!use || rewardGold <= 0) return;
  await changeBalance(tx, {
    at: now,
    tenantId: order.tenantId,
    userId: use.referrerId,
    currency: 'gold',
    amount: rewardGold,
    reason: 'referral_reward',
    refType: 'referral',
    refId: String(use.id),
  });
};

export const createReferralService = (deps: {
  db: Db;
  clock: Clock;
  rewardGold: number;
  guesses: CodeGuessLimit;
}) => {
  const { db, rewardGold, guesses } = deps;
  const repo = createReferralRepository(db);

  const codeInfo = async (tenantId: number, userId: number) => {
    const row = await repo.codeOf(tenantId, userId);
    if (!row) return null;
    const stats = await repo.statsOf(tenantId, userId);
    return {
      code: row.code,
      createTime: row.createdAt.toISOString(),
      usedCount: stats.used,
      rewardGold,
      rewardedGold: stats.rewarded,
    };
  };

  return {
    /** One stable code per user: created on the first call (unique, retried on the rare collision). */
    async generate(tenantId: number, userId: number) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const existing = await codeInfo(tenantId, userId);
        if (existing) return existing;
        try {
          await repo.insertCode(tenantId, userId, newReferralCode());
        } catch (err) {
          // Another user holds this code: try another.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new Error('could not allocate a referral code');
    },

    async list(tenantId: number, userId: number, page: ParsedBodyOf<typeof endpoints.userCouponCodeList>) {
      const [referees, code] = await Promise.all([
        repo.refereePage(tenantId, userId, page),
        codeInfo(tenantId, userId),
      ]);
      return {
        code,
        ...(await mapPage(referees, (rows) =>
          rows.map(({ use, nickName, avatar }) => ({
            userId: use.refereeId,
            nickName: nickName ?? '',
            avatar,
            bindTime: use.createdAt.toISOString(),
            rewardTime: use.rewardedAt ? use.rewardedAt.toISOString() : null,
            rewardGold: use.rewardGold,
          })),
        )),
      };
    },

    /** The code I am bound to (what an order form pre-fills). */
    async dropdown(tenantId: number, userId: number) {
      const rows = await repo.boundCodes(tenantId, userId);
      return rows.map((r) => ({ label: `${r.code}（${r.nickName ?? ''}）`, value: r.code }));
    },

    /** Binds to a referral code, within the account's allowance of wrong codes (code guessing). */
    bind(tenantId: number, userId: number, code: string) {
      return guesses.guard(userId, async () => {
        const bound = await bindReferral(db, { tenantId, refereeId: userId, code });
        return { code: bound!.code, referrerNickName: bound!.referrerNickName };
      });
    },
  };
};
