import type { Locale } from '@app/contract';
import type { AuthContext, Membership } from '../auth/session.service.js';
import { isVipAt } from './membership.js';

/**
 * Who is calling a service: the one caller type every service takes (a user, a guest, an operator, or nobody).
 * uid 0 is an anonymous caller. `vip` is judged when the request arrived; `ip` is what an audit row records.
 */
export interface Actor {
  tenantId: number;
  uid: number;
  roles: readonly string[];
  vip: boolean;
  locale: Locale;
  ip: string | null;
}

/** An operator: the console's and the older `/api/sys*` paths' callers. */
export const isOperator = (actor: Pick<Actor, 'roles'>): boolean => actor.roles.includes('admin');

/** A visitor's session (tried the app without an account): it reads public pages as an anonymous caller. */
export const isGuest = (actor: Pick<Actor, 'roles'>): boolean => actor.roles.includes('guest');

/** A signed-in user: not anonymous (uid 0), not a visitor. Only they have likes, block lists, "my" figures. */
export const isMember = (actor: Pick<Actor, 'uid' | 'roles'>): boolean => actor.uid > 0 && !isGuest(actor);

/** The caller as public pages read for them: a visitor reads as an anonymous caller (uid 0, no roles). */
export const readerOf = (actor: Actor): Actor => (isGuest(actor) ? { ...actor, uid: 0, roles: [] } : actor);

/** The caller of an endpoint, from its handler input (no auth: an anonymous caller of the request's tenant). */
export const actorOf = (
  input: {
    tenantId: number;
    auth: AuthContext | null;
    membership?: Membership;
    locale: Locale;
    ip: string;
  },
  now: Date = new Date(),
): Actor => ({
  tenantId: input.auth?.tenantId ?? input.tenantId,
  uid: input.auth?.uid ?? 0,
  roles: input.auth?.roles ?? [],
  vip: input.membership ? isVipAt(input.membership, now) : false,
  locale: input.locale,
  ip: input.ip || null,
});

/**
 * The actor of work no request started (a job, a sweep, a seed): the user the work belongs to, or uid 0 for the
 * system, with the default language.
 */
export const actorFor = (
  tenantId: number,
  uid: number,
  options: { vip?: boolean; locale?: Locale; roles?: readonly string[] } = {},
): Actor => ({
  tenantId,
  uid,
  roles: options.roles ?? [],
  vip: options.vip ?? false,
  locale: options.locale ?? 'zh-Hans',
  ip: null,
});
