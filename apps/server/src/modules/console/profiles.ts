import {
  DEFAULT_AVATAR,
  DEFAULT_INTRODUCTION,
  ROBOT_USER_ID,
  SERVICE_USER_ID,
  type endpoints,
  type ParsedBodyOf,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { UserRow as Row } from '../../platform/identity/users.repository.js';
import type { ConsoleRepositories } from './console.repository.js';

const toProfile = (row: Row) => ({
  userId: row.id,
  nickName: row.nickName ?? '',
  avatar: row.avatar ?? DEFAULT_AVATAR,
  introduction: row.introduction ?? DEFAULT_INTRODUCTION,
});

/** The robot (999) and customer service (10086) as the app shows them: name, avatar, introduction. */
export const createProfileAdmin = ({ store, clock }: { store: ConsoleRepositories; clock: Clock }) => ({
  async list({ tenantId }: Actor) {
    const rows = await store.repos.console.profiles(tenantId, [ROBOT_USER_ID, SERVICE_USER_ID]);
    return rows.map(toProfile);
  },

  update: (actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleProfileUpdate>) =>
    store.transaction(async ({ console: profiles, users }, tx) => {
      const { userId, ...changes } = body;
      const before = await users.lockLive(actor.tenantId, userId);
      if (!before) throw notFound('console_not_found');
      // A new name drops the seeded name's translations: every language reads the operator's name as written.
      const renamed = changes.nickName !== undefined && changes.nickName !== before.nickName;
      const row = await profiles.updateProfile(actor.tenantId, userId, changes, renamed, clock.now());
      await writeAudit(tx, actor, {
        action: 'profile.update',
        targetType: 'user',
        targetId: userId,
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
        after: changes,
      });
      return toProfile(row);
    }),
});
