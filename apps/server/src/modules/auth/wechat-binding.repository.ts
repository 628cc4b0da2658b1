import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { userWechat } from './auth.table.js';

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
