import type { Locale } from '@app/contract';
import type { AuthContext, Membership } from '../auth/session.service.js';
import type { users } from './identity.table.js';

/** VIP (spec §3): level above 0 and expiry in the future. */
export const isVipAt = (
  user: Pick<typeof users.$inferSelect, 'vipLevel' | 'vipExpireAt'>,
  now: Date,
): boolean => user.vipLevel > 0 && !!user.vipExpireAt && user.vipExpireAt > now;

/** A member's paid request (a video, a dubbing) as its service takes it: who, whether VIP now, language, body. */
export interface MemberRequest<Body> {
  tenantId: number;
  userId: number;
  isVip: boolean;
  body: Body;
  locale: Locale;
}

/** The member's request from an authed endpoint's input, VIP judged at `now`. */
export const memberRequest = <Body>(
  input: { auth: AuthContext; membership: Membership; body: Body; locale: Locale },
  now: Date,
): MemberRequest<Body> => ({
  tenantId: input.auth.tenantId,
  userId: input.auth.uid,
  isVip: isVipAt(input.membership, now),
  body: input.body,
  locale: input.locale,
});
