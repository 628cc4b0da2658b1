import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { paged } from '../../../platform/db/paged.js';
import { users } from '../../../platform/identity/identity.table.js';
import { referralCodes, referralUses } from '../commerce.table.js';

export const createReferralRepository = (db: DbOrTx) => ({
  /** The code's owner in this tenant, with their nick name. */
  async owner(tenantId: number, code: string) {
    const [owner] = await db
      .select({ userId: referralCodes.userId, nickName: users.nickName })
      .from(referralCodes)
      .innerJoin(users, eq(users.id, referralCodes.userId))
      .where(and(eq(referralCodes.tenantId, tenantId), eq(referralCodes.code, code)))
      .limit(1);
    return owner;
  },

  /** Binds the referee to the referrer; false when the referee is bound already (one binding per user). */
  async bind(values: { tenantId: number; code: string; referrerId: number; refereeId: number }) {
    const inserted = await db
      .insert(referralUses)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: referralUses.id });
    return inserted.length > 0;
  },

  /** Marks the referee's binding rewarded, once: undefined when it was already (or there is none). */
  async markRewarded(
    tenantId: number,
    refereeId: number,
    change: { orderId: number; rewardGold: number; now: Date },
  ) {
    const [use] = await db
      .update(referralUses)
      .set({ rewardedAt: change.now, orderId: change.orderId, rewardGold: change.rewardGold })
      .where(
        and(
          eq(referralUses.tenantId, tenantId),
          eq(referralUses.refereeId, refereeId),
          isNull(referralUses.rewardedAt),
        ),
      )
      .returning();
    return use;
  },

  /**
   * The referee's binding rewarded by `orderId`, locked for its reversal (undefined when that order earned no
   * reward); `unreward` then clears it, so the referee's next paid order may earn the reward again.
   */
  async lockRewardOf(tenantId: number, refereeId: number, orderId: number) {
    const [use] = await db
      .select()
      .from(referralUses)
      .where(
        and(
          eq(referralUses.tenantId, tenantId),
          eq(referralUses.refereeId, refereeId),
          eq(referralUses.orderId, orderId),
        ),
      )
      .for('update');
    return use?.rewardedAt ? use : undefined;
  },

  async unreward(id: number) {
    await db
      .update(referralUses)
      .set({ rewardedAt: null, orderId: null, rewardGold: 0 })
      .where(eq(referralUses.id, id));
  },

  async codeOf(tenantId: number, userId: number) {
    const [row] = await db
      .select()
      .from(referralCodes)
      .where(and(eq(referralCodes.tenantId, tenantId), eq(referralCodes.userId, userId)))
      .limit(1);
    return row;
  },

  /** How many users the referrer brought, and the gold they earned for it. */
  async statsOf(tenantId: number, referrerId: number) {
    const [stats] = await db
      .select({
        used: count(),
        rewarded: sql<number>`coalesce(sum(${referralUses.rewardGold}), 0)::int`,
      })
      .from(referralUses)
      .where(and(eq(referralUses.tenantId, tenantId), eq(referralUses.referrerId, referrerId)));
    return { used: stats?.used ?? 0, rewarded: Number(stats?.rewarded ?? 0) };
  },

  /** Creates the user's code unless they have one (a code another user holds throws a unique violation). */
  async insertCode(tenantId: number, userId: number, code: string) {
    await db
      .insert(referralCodes)
      .values({ tenantId, userId, code })
      .onConflictDoNothing({ target: [referralCodes.tenantId, referralCodes.userId] });
  },

  /** The users the referrer brought, newest first, with their nick names and avatars. */
  refereePage(tenantId: number, referrerId: number, page: { page: number; pageSize: number }) {
    const where = and(eq(referralUses.tenantId, tenantId), eq(referralUses.referrerId, referrerId));
    return paged(
      page,
      db
        .select({ use: referralUses, nickName: users.nickName, avatar: users.avatar })
        .from(referralUses)
        .innerJoin(users, eq(users.id, referralUses.refereeId))
        .where(where)
        .orderBy(desc(referralUses.createdAt), desc(referralUses.id)),
      db.select({ total: count() }).from(referralUses).where(where),
    );
  },

  /** The codes the user is bound to, with the referrer's nick name. */
  boundCodes: (tenantId: number, refereeId: number) =>
    db
      .select({ code: referralUses.code, nickName: users.nickName })
      .from(referralUses)
      .innerJoin(users, eq(users.id, referralUses.referrerId))
      .where(and(eq(referralUses.tenantId, tenantId), eq(referralUses.refereeId, refereeId))),
});
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
