import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { users } from '../platform/identity/identity.table.js';
import { publisherStanding } from '../schema.js';
import type { TestApp } from './build-app.js';

/** An access token of a seeded account (`admin`, `demo`, `demovip`), issued through a real session. */
export const tokenFor = async (app: TestApp, account: 'admin' | 'demo' | 'demovip'): Promise<string> => {
  const [user] = await app.platform.db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, account)))
    .limit(1);
  if (!user) throw new Error(`seeded account ${account} not found`);
  const pair = await app.platform.sessions.start({
    uid: user.id,
    tenantId: DEFAULT_TENANT_ID,
    roles: user.roles,
  });
  return pair.accessToken;
};

/** A guest (visitor) token. */
export const guestToken = async (app: TestApp): Promise<string> =>
  (await app.platform.sessions.start({ uid: 0, tenantId: DEFAULT_TENANT_ID, roles: ['guest'] })).accessToken;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session id (`sid` claim) an access token carries. */
export const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/**
 * A fresh user of the default tenant (a random nickname and no phone unless given) with a session: its id, tokens
 * and header. An established publisher, as the seeded demo accounts are (their posts skip the new-account review),
 * unless `newPublisher` is set.
 */
export const createTestUser = async (
  app: TestApp,
  roles = ['user'],
  values: { nickName?: string | null; phone?: string; newPublisher?: boolean } = {},
) => {
  const nickName = 'nickName' in values ? values.nickName : `u${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await app.platform.db
    .insert(users)
    .values({ tenantId: DEFAULT_TENANT_ID, nickName, phone: values.phone, roles })
    .returning({ id: users.id });
  const uid = row!.id;
  if (!values.newPublisher)
    await app.platform.db
      .insert(publisherStanding)
      .values({ tenantId: DEFAULT_TENANT_ID, userId: uid, establishedAt: new Date() });
  const tokens = await app.platform.sessions.start({ uid, tenantId: DEFAULT_TENANT_ID, roles });
  return { uid, ...tokens, auth: bearer(tokens.accessToken) };
};
