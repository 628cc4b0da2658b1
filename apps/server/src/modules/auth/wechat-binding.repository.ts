import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/identity/identity.table.js';
import type { UserRow } from '../../platform/identity/users.repository.js';
import { userWechat } from './auth.table.js';

/** One WeChat identity of a user: the app, its openid and the account-wide unionid when WeChat gave one. */
export interface WechatBinding {
  tenantId: number;
  userId: number;
  appId: string;
  openid: string;
  unionid: string | null;
}

/** Binds the openid of an app to the user (moving it from whoever held it before). */
const bindWechat = async (db: DbOrTx, binding: WechatBinding, now: Date): Promise<void> => {
  await db
    .insert(userWechat)
    .values({ ...binding, createdAt: now })
    .onConflictDoUpdate({
      target: [userWechat.tenantId, userWechat.appId, userWechat.openid],
      set: { userId: binding.userId, unionid: binding.unionid },
    });
};

/** The live user bound to the openid (or, through the unionid, to another app of the same account). */
const wechatBoundUser = async (
  db: DbOrTx,
  tenantId: number,
  appId: string,
  openid: string,
  unionid?: string,
): Promise<UserRow | undefined> => {
  const [byOpenid] = await db
    .select({ user: users })
    .from(userWechat)
    .innerJoin(users, eq(users.id, userWechat.userId))
    .where(
      and(
        eq(userWechat.tenantId, tenantId),
        eq(userWechat.appId, appId),
        eq(userWechat.openid, openid),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (byOpenid) return byOpenid.user;
  if (!unionid) return undefined;
  const [byUnionid] = await db
    .select({ user: users })
    .from(userWechat)
    .innerJoin(users, eq(users.id, userWechat.userId))
    .where(and(eq(userWechat.tenantId, tenantId), eq(userWechat.unionid, unionid), isNull(users.deletedAt)))
    .limit(1);
  return byUnionid?.user;
};

/** The openid the user is bound to in one WeChat app, if any (WeChat Pay's JSAPI needs it). */
export const boundWechatOpenid = async (
  db: DbOrTx,
  tenantId: number,
  userId: number,
  appId: string,
): Promise<string | undefined> => {
  const [bound] = await db
    .select({ openid: userWechat.openid })
    .from(userWechat)
    .where(and(eq(userWechat.tenantId, tenantId), eq(userWechat.userId, userId), eq(userWechat.appId, appId)))
    .limit(1);
  return bound?.openid;
};

/** Forgets every WeChat identity of a user (account deletion). */
export const deleteWechatBindings = async (tx: DbOrTx, userId: number): Promise<void> => {
  await tx.delete(userWechat).where(eq(userWechat.userId, userId));
};

/** The bindings a log-in reads and writes, over one executor. */
export const createWechatBindingRepository = (db: DbOrTx) => ({
  bind: (binding: WechatBinding, now: Date) => bindWechat(db, binding, now),
  boundUser: (tenantId: number, appId: string, openid: string, unionid?: string) =>
    wechatBoundUser(db, tenantId, appId, openid, unionid),
});
