import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_AVATAR,
  DEFAULT_INTRODUCTION,
  ROBOT_USER_ID,
  SERVICE_USER_ID,
  type endpoints,
  type ParsedBodyOf,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { users } from '../../platform/identity/identity.table.js';

type Row = typeof users.$inferSelect;
const toProfile = (row: Row) => ({
  userId: row.id,
  nickName: row.nickName ?? '',
  avatar: row.avatar ?? DEFAULT_AVATAR,
  introduction: row.introduction ?? DEFAULT_INTRODUCTION,
});

/** The robot (999) and customer service (10086) as the app shows them: name, avatar, introduction. */
export const createProfileAdmin = ({ db, clock }: { db: Db; clock: Clock }) => ({
  async list(tenantId: number) {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [ROBOT_USER_ID, SERVICE_USER_ID])))
      .orderBy(users.id);
    return rows.map(toProfile);
  },

  update: (actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleProfileUpdate>) =>
    db.transaction(async (tx) => {
      const { userId, ...changes } = body;
      const where = and(eq(users.tenantId, actor.tenantId), eq(users.id, userId));
      const [before] = await tx.select().from(users).where(where).for('update');
      if (!before) throw notFound('console_not_found');
      const [row] = await tx
        .update(users)
        .set({
          ...changes,
          // A new name drops the seeded name's translations: every language reads the operator's name as written.
          ...(changes.nickName !== undefined && changes.nickName !== before.nickName
            ? { metadata: sql`${users.metadata} - 'i18n'` }
            : {}),
          updatedAt: clock.now(),
        })
        .where(where)
        .returning();
      await writeAudit(tx, actor, {
        action: 'profile.update',
        targetType: 'user',
        targetId: userId,
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
        after: changes,
      });
      return toProfile(row!);
    }),
});
