import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONSOLE_NICKNAME_MIN, type endpoints, type ParsedBodyOf } from '@app/contract';
import { consoleKeysetPage } from '../../platform/db/console-keyset-page.js';
import { badRequest } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/identity/identity.table.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';

/** The operators' reads and changes of accounts, sessions and the ledger. */
export const createUserOperatorRepository = (db: DbOrTx) => ({
  /** When each of these users last used a session (users never seen are absent). */
  async lastSeen(userIds: number[]): Promise<Map<number, Date>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .select({
        userId: sessions.userId,
        at: sql<Date>`max(${sessions.lastUsedAt})`.mapWith(sessions.lastUsedAt),
      })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .groupBy(sessions.userId);
    return new Map(rows.flatMap((s) => (s.userId === null ? [] : [[s.userId, s.at] as const])));
  },

  /**
   * Live users by keyword, ban state and role, in SQL. A keyword that is a whole phone, account or id is
   * answered through the unique indexes alone; otherwise it is a nickname fragment, matched by the trigram
   * index (`ILIKE '%fragment%'`). Pages by keyset on the creation-time index, with a capped count.
   */
  async userPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleUserPage>, now: Date) {
    const conditions: SQL[] = [eq(users.tenantId, tenantId), isNull(users.deletedAt)];
    const { keyword, banned, role } = q.filters;
    if (banned !== undefined) {
      conditions.push(
        banned
          ? gt(users.bannedUntil, now)
          : or(isNull(users.bannedUntil), sql`${users.bannedUntil} <= ${now}`)!,
      );
    }
    if (role) conditions.push(sql`${role} = ANY(${users.roles})`);
    if (keyword) {
      const exact: SQL[] = [eq(users.phone, keyword), eq(users.account, keyword)];
      if (/^\d{1,9}$/.test(keyword)) exact.push(eq(users.id, Number(keyword)));
      const found = await db
        .select()
        .from(users)
        .where(and(...conditions, or(...exact)))
        .orderBy(users.id);
      if (found.length) {
        return {
          items: found,
          total: found.length,
          totalExact: true,
          page: 1,
          pageSize: q.pageSize,
          nextCursor: null,
        };
      }
      if ([...keyword].length < CONSOLE_NICKNAME_MIN) {
        throw badRequest('console_keyword_too_short', { min: CONSOLE_NICKNAME_MIN });
      }
      conditions.push(ilike(users.nickName, `%${escapeLike(keyword)}%`));
    }
    return consoleKeysetPage(db, q, {
      table: users,
      id: users.id,
      createdAt: users.createdAt,
      where: and(...conditions),
      unfiltered: conditions.length === 2,
      byCreateTime: (q.sortField ?? 'createTime') === 'createTime',
      otherOrder: sortedBy({ createTime: users.createdAt, id: users.id }, q, 'createTime', users.id),
      rows: (where, order) =>
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order),
    });
  },

  /** A user's ledger entries, of one asset when asked. */
  ledgerPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleUserLedger>) {
    const conditions: SQL[] = [eq(ledger.tenantId, tenantId), eq(ledger.userId, q.filters.userId)];
    if (q.filters.asset) conditions.push(eq(ledger.currency, q.filters.asset));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(ledger)
        .where(where)
        .orderBy(...sortedBy({ createTime: ledger.createdAt }, q, 'createTime', ledger.id)),
      db.select({ total: count() }).from(ledger).where(where),
    );
  },

  /** A user's latest sessions, newest first. */
  recentSessions: (userId: number, limit: number) =>
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(limit),

  /** Sets or lifts (null) a ban. */
  async setBan(userId: number, bannedUntil: Date | null, banReason: string | null, now: Date) {
    await db.update(users).set({ bannedUntil, banReason, updatedAt: now }).where(eq(users.id, userId));
  },

  async setVipExpiry(userId: number, vipExpireAt: Date, vipLevel: number, now: Date) {
    await db.update(users).set({ vipExpireAt, vipLevel, updatedAt: now }).where(eq(users.id, userId));
  },

  /** Ends every session of the user still open. */
  async revokeSessions(userId: number, now: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
});
export type UserOperatorRepository = ReturnType<typeof createUserOperatorRepository>;
