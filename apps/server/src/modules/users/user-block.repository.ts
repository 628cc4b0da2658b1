import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_AVATAR, type BlockedUser, type Locale } from '@app/contract';
import { paged } from '../../platform/db/paged.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/identity/identity.table.js';
import { userBlocks } from './user-block.table.js';
import { defaultNickName } from '../../platform/identity/users.repository.js';
import { displayName } from './system-names.js';

/**
 * The authors a user blocked, for content lists to hide:
 * `where(notInArray(posts.userId, await blockedAuthorIds(db, tenantId, uid)))` (skip when the list is empty
 * or the caller is a guest).
 */
export const blockedAuthorIds = async (db: DbOrTx, tenantId: number, userId: number): Promise<number[]> => {
  if (!userId) return [];
  const rows = await db
    .select({ id: userBlocks.blockedUserId })
    .from(userBlocks)
    .where(and(eq(userBlocks.tenantId, tenantId), eq(userBlocks.userId, userId)))
    .orderBy(desc(userBlocks.createdAt));
  return rows.map((r) => r.id);
};

export const createUserBlockRepository = (db: DbOrTx) => ({
  /** The ids of the authors the user blocked (see blockedAuthorIds). */
  blockedIds: (tenantId: number, userId: number) => blockedAuthorIds(db, tenantId, userId),

  async add(tenantId: number, userId: number, blockedUserId: number, now: Date) {
    await db
      .insert(userBlocks)
      .values({ tenantId, userId, blockedUserId, createdAt: now })
      .onConflictDoNothing();
  },
  async remove(tenantId: number, userId: number, blockedUserId: number) {
    await db
      .delete(userBlocks)
      .where(
        and(
          eq(userBlocks.tenantId, tenantId),
          eq(userBlocks.userId, userId),
          eq(userBlocks.blockedUserId, blockedUserId),
        ),
      );
  },
  async count(tenantId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(userBlocks)
      .where(and(eq(userBlocks.tenantId, tenantId), eq(userBlocks.userId, userId)));
    return row?.n ?? 0;
  },
  async isBlocked(tenantId: number, userId: number, blockedUserId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: userBlocks.blockedUserId })
      .from(userBlocks)
      .where(
        and(
          eq(userBlocks.tenantId, tenantId),
          eq(userBlocks.userId, userId),
          eq(userBlocks.blockedUserId, blockedUserId),
        ),
      )
      .limit(1);
    return !!row;
  },
  /** The user's block list; the robot's and customer service's names in the reader's language. */
  async page(tenantId: number, userId: number, page: number, pageSize: number, locale: Locale = 'zh-Hans') {
    const where = and(eq(userBlocks.tenantId, tenantId), eq(userBlocks.userId, userId));
    const { items: rows, total } = await paged(
      { page, pageSize },
      db
        .select({
          userId: userBlocks.blockedUserId,
          createdAt: userBlocks.createdAt,
          nickName: users.nickName,
          avatar: users.avatar,
          phone: users.phone,
          metadata: users.metadata,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedUserId))
        .where(where)
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedUserId)),
      db.select({ total: count() }).from(userBlocks).where(where),
    );
    const items: BlockedUser[] = rows.map((r) => ({
      userId: r.userId,
      nickName: displayName({ id: r.userId, metadata: r.metadata }, r.nickName ?? defaultNickName(r.phone), locale),
      avatar: r.avatar ?? DEFAULT_AVATAR,
      createTime: r.createdAt.toISOString(),
    }));
    return { items, total };
  },
  /** Account deletion: the user's own list goes; blocks others made of them stay (the author is anonymous). */
  async clearFor(tenantId: number, userId: number) {
    await db.delete(userBlocks).where(and(eq(userBlocks.tenantId, tenantId), eq(userBlocks.userId, userId)));
  },
});
