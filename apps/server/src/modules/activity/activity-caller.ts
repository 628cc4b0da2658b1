import { isMember, type Actor } from '../../platform/identity/actor.js';

/**
 * The caller's uid when a signed-in member, else null (an anonymous caller or a visitor reads the public
 * activity pages without "my" figures).
 */
export const memberUidOf = (actor: Actor): number | null => (isMember(actor) ? actor.uid : null);
