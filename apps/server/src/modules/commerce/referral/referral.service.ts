import { randomInt } from 'node:crypto';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import '../commerce.messages.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import type { ReferralRepository } from './referral.repository.js';
import type { CommerceRepositories } from '../commerce.repository.js';
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
 * Binds the caller (the referee) to the owner of `code`, once. Answers the referrer, or null when the caller was
 * already bound (to any code) and `quietIfBound` is set (an order carrying a code must not fail for that).
 */
export const bindReferral = async (
  referrals: ReferralRepository,
  { tenantId, uid: refereeId }: Actor,
  rawCode: string,
  options: { quietIfBound?: boolean } = {},
): Promise<{ referrerId: number; referrerNickName: string; code: string } | null> => {
  const code = normalizeCode(rawCode);
  const owner = await referrals.owner(tenantId, code);
  if (!owner) throw notFound('referral_code_invalid');
  if (owner.userId === refereeId) throw badRequest('referral_own_code');
  const bound = await referrals.bind({ tenantId, code, referrerId: owner.userId, refereeId });
  if (!bound) {
    if (options.quietIfBound) return null;
    throw conflict('referral_already_bound');
  }
  return { referrerId: owner.userId, referrerNickName: owner.nickName ?? '', code };
};

/**
 * Inside the transaction that marks the referee's order paid (`tx`, and `referrals` over it): rewards the
 * referrer once (the conditional update on rewarded_at IS NULL makes a second paid order, or a concurrent one,
 * a no-op).
 */
export const rewardReferrer = async (
  tx: DbOrTx,
  referrals: ReferralRepository,
  order: OrderRow,
  now: Date,
  rewardGold: number,
): Promise<void> => {
  if (order.amountFen <= 0 && (order.goldCost ?? 0) <= 0) return;
  const use = await referrals.markRewarded(order.tenantId, order.userId, {
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

/**
 * Inside the transaction that refunds the referee's order: the reward that order earned goes back, one ledger
 * row (`referral_reverse`) taking it from the referrer, as far as their balance allows (a balance never goes
 * negative; the part already spent is the answer's `shortfall`, which the refund's audit row records).
 */
export const reverseReferralReward = async (
  tx: DbOrTx,
  repos: Pick<CommerceRepositories['repos'], 'referrals' | 'orders'>,
  order: OrderRow,
  now: Date,
): Promise<{ referrerId: number; gold: number; takenBack: number; shortfall: number } | null> => {
  const use = await repos.referrals.lockRewardOf(order.tenantId, order.userId, order.id);
  if (!use) return null;
  await repos.referrals.unreward(use.id);
  const referrer = await repos.orders.lockMember(order.tenantId, use.referrerId);
  const takenBack = Math.max(0, Math.min(use.rewardGold, referrer?.gold ?? 0));
  if (takenBack > 0)
    await changeBalance(tx, {
      at: now,
      tenantId: order.tenantId,
      userId: use.referrerId,
      currency: 'gold',
      amount: -takenBack,
      reason: 'referral_reverse',
      refType: 'referral',
      refId: String(use.id),
    });
  return { referrerId: use.referrerId, gold: use.rewardGold, takenBack, shortfall: use.rewardGold - takenBack };
};

export const createReferralService = (deps: {
  store: CommerceRepositories;
  rewardGold: number;
  guesses: CodeGuessLimit;
}) => {
  const { store, rewardGold, guesses } = deps;
  const { referrals: repo } = store.repos;

  const codeInfo = async ({ tenantId, uid }: Actor) => {
    const row = await repo.codeOf(tenantId, uid);
    if (!row) return null;
    const stats = await repo.statsOf(tenantId, uid);
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
    async generate(actor: Actor) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const existing = await codeInfo(actor);
        if (existing) return existing;
        try {
          await repo.insertCode(actor.tenantId, actor.uid, newReferralCode());
        } catch (err) {
          // Another user holds this code: try another.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new Error('could not allocate a referral code');
    },

    async list(actor: Actor, page: ParsedBodyOf<typeof endpoints.userCouponCodeList>) {
      const [referees, code] = await Promise.all([
        repo.refereePage(actor.tenantId, actor.uid, page),
        codeInfo(actor),
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
    async dropdown({ tenantId, uid }: Actor) {
      const rows = await repo.boundCodes(tenantId, uid);
      return rows.map((r) => ({ label: `${r.code}（${r.nickName ?? ''}）`, value: r.code }));
    },

    /** Binds to a referral code, within the account's allowance of wrong codes (code guessing). */
    bind(actor: Actor, code: string) {
      return guesses.guard(actor.uid, async () => {
        const bound = await bindReferral(repo, actor, code);
        return { code: bound!.code, referrerNickName: bound!.referrerNickName };
      });
    },
  };
};
