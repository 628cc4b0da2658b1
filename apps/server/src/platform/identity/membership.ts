import type { users } from './identity.table.js';

/** VIP (spec §3): level above 0 and expiry in the future. */
export const isVipAt = (
  user: Pick<typeof users.$inferSelect, 'vipLevel' | 'vipExpireAt'>,
  now: Date,
): boolean => user.vipLevel > 0 && !!user.vipExpireAt && user.vipExpireAt > now;
