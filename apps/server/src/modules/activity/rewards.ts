import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { pickTranslations, type StoredTranslations } from '../../platform/i18n/stored-translations.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { users } from '../../platform/identity/identity.table.js';
import { grantActivityCoupon } from '../commerce/index.js';

/** Locks the user's row for the rest of the transaction: one activity action of a user at a time. */
export const lockUser = async (tx: DbOrTx, tenantId: number, uid: number) => {
  const [row] = await tx
    .select({ points: users.points })
    .from(users)
    .where(and(eq(users.id, uid), eq(users.tenantId, tenantId)))
    .for('update');
  return row;
};

export const pointsOf = async (tx: DbOrTx, tenantId: number, uid: number): Promise<number> => {
  const [row] = await tx
    .select({ points: users.points })
    .from(users)
    .where(and(eq(users.id, uid), eq(users.tenantId, tenantId)));
  return row?.points ?? 0;
};

/**
 * Credits what a mall item or a prize gives, inside the caller's transaction: points and gold through the
 * ledger, VIP days added to the membership (from now when it has lapsed), a coupon worth `amount` fen into the
 * user's coupon wallet (usable at checkout). Physical goods are the caller's record alone (shipped by operators).
 */
export const grantReward = async (
  tx: DbOrTx,
  input: {
    tenantId: number;
    uid: number;
    kind: string;
    amount: number;
    /** What the user sees: the coupon's name, and the item's or prize's stored translations (of which its name). */
    name: string;
    translations: StoredTranslations;
    reason: string;
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
    await grantActivityCoupon(tx, {
      tenantId: input.tenantId,
      userId: input.uid,
      name: input.name,
      nameTranslations: pickTranslations(input.translations, ['name']),
      valueFen: input.amount,
      source: input.refType,
      now: input.now,
    });
  } else if (input.kind === 'vip') {
    const now = input.now.toISOString();
    await tx
      .update(users)
      .set({
        vipLevel: sql`GREATEST(${users.vipLevel}, 1)`,
        vipExpireAt: sql`GREATEST(COALESCE(${users.vipExpireAt}, ${now}::timestamptz), ${now}::timestamptz) + make_interval(days => ${input.amount}::int)`,
        updatedAt: input.now,
      })
      .where(and(eq(users.id, input.uid), eq(users.tenantId, input.tenantId)));
  }
};

/** `YYYY-MM-DD` plus `days` (calendar arithmetic; Shanghai has no daylight saving). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
