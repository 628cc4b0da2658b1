import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NICKNAME_PREFIX, normalizePhone } from '@app/contract';
import type { DbOrTx } from '../db/client.js';
import { users } from './identity.table.js';

export type UserRow = typeof users.$inferSelect;

/** Spec §3: a generic word for user, with the phone's last 4 digits when there is one. */
export const defaultNickName = (phone: string | null): string =>
  phone ? `${DEFAULT_NICKNAME_PREFIX}${phone.slice(-4)}` : DEFAULT_NICKNAME_PREFIX;

/** Finding a user (by id, phone or account), and making one for a new phone. */
const createUserLookups = (db: DbOrTx) => ({
  async byId(tenantId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .limit(1);
    return row;
  },
  async liveById(tenantId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  },
  async byPhone(tenantId: number, phone: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(eq(users.tenantId, tenantId), eq(users.phone, normalizePhone(phone)), isNull(users.deletedAt)),
      )
      .limit(1);
    return row;
  },
  async byAccount(tenantId: number, account: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, account), isNull(users.deletedAt)))
      .limit(1);
    return row;
  },
  /**
   * The user of a phone, registered on the spot when new (concurrent first logins create one user). `onCreate`
   * runs in the transaction that inserts the row, only for the call that created it (the sign-up's own writes).
   */
  async findOrCreateByPhone(
    tenantId: number,
    rawPhone: string,
    now: Date,
    onCreate?: (tx: DbOrTx, user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    const phone = normalizePhone(rawPhone);
    const existing = await this.byPhone(tenantId, phone);
    if (existing) return existing;
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ tenantId, phone, nickName: defaultNickName(phone), createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await onCreate?.(tx, created);
        return created;
      }
      const found = await createUsersRepository(tx).byPhone(tenantId, phone);
      if (!found) throw new Error('user creation failed');
      return found;
    });
  },
});

/** A user's row locked, their points and their VIP time. */
const createUserBalanceQueries = (db: DbOrTx) => ({
  /** A live user, the row locked for the rest of the transaction. */
  async lockLive(tenantId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deletedAt)))
      .for('update')
      .limit(1);
    return row;
  },
  /** Locks the user's row for the rest of the transaction: one balance-spending action of a user at a time. */
  async lock(tenantId: number, id: number): Promise<void> {
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.tenantId, tenantId)))
      .for('update');
  },
  /** The user's points balance; 0 for no such user. */
  async points(tenantId: number, id: number): Promise<number> {
    const [row] = await db
      .select({ points: users.points })
      .from(users)
      .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
    return row?.points ?? 0;
  },
  /** VIP for `days` more: from the current expiry, or from now when it has lapsed; level at least 1. */
  async extendVip(tenantId: number, id: number, days: number, now: Date) {
    const at = now.toISOString();
    await db
      .update(users)
      .set({
        vipLevel: sql`GREATEST(${users.vipLevel}, 1)`,
        vipExpireAt: sql`GREATEST(COALESCE(${users.vipExpireAt}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days}::int)`,
        updatedAt: now,
      })
      .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
  },
});

/** Changing a user's own fields, password, and anonymizing a deleted account. */
const createUserChanges = (db: DbOrTx) => ({
  /** Changes the user's own fields (profile, avatar, phone, settings). */
  async update(
    tenantId: number,
    id: number,
    change: Partial<Pick<UserRow, 'nickName' | 'introduction' | 'avatar' | 'phone' | 'metadata'>> & {
      updatedAt: Date;
    },
  ) {
    await db
      .update(users)
      .set(change)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  },
  /** A new password hash; `clearLockout` also lifts a password lockout (the phone proved the owner). */
  async setPassword(tenantId: number, id: number, passwordHash: string, now: Date, clearLockout = false) {
    await db
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        ...(clearLockout ? { failedLoginCount: 0, lockedUntil: null } : {}),
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  },
  /** The first password of a live user who has none; false when one is set (or no such user). */
  async setFirstPassword(tenantId: number, id: number, passwordHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(
        and(
          eq(users.tenantId, tenantId),
          eq(users.id, id),
          isNull(users.passwordHash),
          isNull(users.deletedAt),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },
  /**
   * Account deletion: the row stays (content and the ledger keep their author), everything personal goes and
   * the phone and account name are free again. False when there is no such live user.
   */
  async anonymize(tenantId: number, id: number, now: Date, nickName: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({
        deletedAt: now,
        phone: null,
        account: null,
        passwordHash: null,
        nickName,
        avatar: null,
        introduction: null,
        sex: 1,
        metadata: {},
        failedLoginCount: 0,
        lockedUntil: null,
        deletionDueAt: null,
        updatedAt: now,
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },
});

/** Live (not deleted) users of a tenant: every lookup of this module goes through these. */
export const createUsersRepository = (db: DbOrTx) => ({
  ...createUserLookups(db),
  ...createUserBalanceQueries(db),
  ...createUserChanges(db),
});
export type UsersRepository = ReturnType<typeof createUsersRepository>;
