import type { LedgerReason } from '@app/contract';
import type { Tx } from '../../platform/db/client.js';
import { pickTranslations, type StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import type { UsersRepository } from '../../platform/identity/users.repository.js';
import type { ActivityCoupons } from '../commerce/index.js';

/**
 * Credits what a mall item or a prize gives, inside the caller's transaction: points and gold through the
 * ledger, VIP days added to the membership (from now when it has lapsed), a coupon worth `amount` fen into the
 * user's coupon wallet (usable at checkout). Physical goods are the caller's record alone (shipped by operators).
 */
export const grantReward = async (
  tx: Tx,
  /** The users' repository over `tx`. */
  users: UsersRepository,
  coupons: ActivityCoupons,
  input: {
    tenantId: number;
    uid: number;
    kind: string;
    amount: number;
    /** What the user sees: the coupon's name, and the item's or prize's stored translations (of which its name). */
    name: string;
    translations: StoredTranslations;
    reason: LedgerReason;
    refType: string;
    refId: string;
    now: Date;
  },
) => {
  if (input.amount <= 0) return;
  if (input.kind === 'points' || input.kind === 'gold') {
    await changeBalance(tx, {
      at: input.now,
      tenantId: input.tenantId,
      userId: input.uid,
      currency: input.kind,
      amount: input.amount,
      reason: input.reason,
      refType: input.refType,
      refId: input.refId,
    });
  } else if (input.kind === 'coupon') {
    await coupons.grantActivityCoupon(tx, {
      tenantId: input.tenantId,
      userId: input.uid,
      name: input.name,
      nameTranslations: pickTranslations(input.translations, ['name']),
      valueFen: input.amount,
      source: input.refType,
      now: input.now,
    });
  } else if (input.kind === 'vip') {
    await users.extendVip(input.tenantId, input.uid, input.amount, input.now);
  }
};

/** `YYYY-MM-DD` plus `days` (calendar arithmetic; Shanghai has no daylight saving). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
