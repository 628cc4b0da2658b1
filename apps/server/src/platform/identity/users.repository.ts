import { and, eq, isNull } from 'drizzle-orm';
import { normalizePhone } from '@app/contract';
import type { DbOrTx } from '../db/client.js';
import { users } from './identity.table.js';

export type UserRow = typeof users.$inferSelect;

/** Spec §3: a generic word for user, with the phone's last 4 digits when there is one. */
export const defaultNickName = (phone: string | null): string => (phone ? `用户${phone.slice(-4)}` : '用户');

/** Live (not deleted) users of a tenant: every lookup of this module goes through these. */
export const createUsersRepository = (db: DbOrTx) => ({
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
  /** The user of a phone, registered on the spot when new (concurrent first logins create one user). */
  async findOrCreateByPhone(tenantId: number, rawPhone: string, now: Date): Promise<UserRow> {
    const phone = normalizePhone(rawPhone);
    const existing = await this.byPhone(tenantId, phone);
    if (existing) return existing;
    await db
      .insert(users)
      .values({ tenantId, phone, nickName: defaultNickName(phone), createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const created = await this.byPhone(tenantId, phone);
    if (!created) throw new Error('user creation failed');
    return created;
  },
});
export type UsersRepository = ReturnType<typeof createUsersRepository>;
