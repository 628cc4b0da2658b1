import { notFound } from '../../../platform/errors.js';
import type { OrderRepository } from './order.repository.js';

const DAY = 86_400_000;

/**
 * Adds VIP days inside the caller's transaction (`members`: the order repository over it): from the later of
 * now and the current expiry, at least `level` (and at least 1); a lapsed membership's old level does not count.
 * Answers the expiry before and after.
 */
export const extendVip = async (
  members: Pick<OrderRepository, 'lockMember' | 'setMembership'>,
  input: { tenantId: number; userId: number; days: number; level: number; now: Date },
) => {
  const user = await members.lockMember(input.tenantId, input.userId);
  if (!user) throw notFound('user_not_found');
  const now = input.now;
  const active = user.vipExpireAt !== null && user.vipExpireAt.getTime() > now.getTime();
  const base = active ? user.vipExpireAt!.getTime() : now.getTime();
  const after = new Date(base + input.days * DAY);
  const level = Math.max(active ? user.vipLevel : 0, input.level, 1);
  await members.setMembership(input.userId, { vipLevel: level, vipExpireAt: after, updatedAt: now });
  return { before: user.vipExpireAt, after };
};
