import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@app/contract';
import type { TestApp } from './build-app.js';
import { json } from './build-app.js';
import { users } from '../platform/identity/identity.table.js';
import { couponTemplates, goldPackages, userCoupons } from '../modules/commerce/commerce.table.js';
import { publisherStanding } from '../schema.js';

let seq = 0;

/** A fresh user with a session: `{ uid, token }`; an established publisher, as createTestUser's users are. */
export const newUser = async (app: TestApp, values: { gold?: number; vipExpireAt?: Date | null } = {}) => {
  seq += 1;
  const [user] = await app.platform.db
    .insert(users)
    .values({
      tenantId: DEFAULT_TENANT_ID,
      account: `buyer${process.pid}_${seq}_${Math.random().toString(36).slice(2, 8)}`,
      nickName: `买家${seq}`,
      gold: values.gold ?? 0,
      vipExpireAt: values.vipExpireAt ?? null,
      vipLevel: values.vipExpireAt ? 1 : 0,
    })
    .returning({ id: users.id });
  await app.platform.db
    .insert(publisherStanding)
    .values({ tenantId: DEFAULT_TENANT_ID, userId: user!.id, establishedAt: new Date() });
  const pair = await app.platform.sessions.start({
    uid: user!.id,
    tenantId: DEFAULT_TENANT_ID,
    roles: ['user'],
  });
  return { uid: user!.id, token: pair.accessToken };
};

export const userRow = async (app: TestApp, uid: number) =>
  (await app.platform.db.select().from(users).where(eq(users.id, uid)))[0]!;

export const packageId = async (app: TestApp, code: string) =>
  (
    await app.platform.db
      .select({ id: goldPackages.id })
      .from(goldPackages)
      .where(and(eq(goldPackages.tenantId, DEFAULT_TENANT_ID), eq(goldPackages.code, code)))
  )[0]!.id;

/** Sets a seeded package's gold (a test of amounts written for a pack of a given size). */
export const setPackageGold = async (app: TestApp, code: string, gold: number) => {
  const [row] = await app.platform.db
    .update(goldPackages)
    .set({ gold })
    .where(and(eq(goldPackages.tenantId, DEFAULT_TENANT_ID), eq(goldPackages.code, code)))
    .returning({ id: goldPackages.id });
  return row!.id;
};

/** Gives a user a coupon of a new template (no code). */
export const giveCoupon = async (
  app: TestApp,
  uid: number,
  c: { type: number; value: number; threshold?: number; packageId?: number | null; validUntil: Date },
) => {
  const [template] = await app.platform.db
    .insert(couponTemplates)
    .values({
      tenantId: DEFAULT_TENANT_ID,
      name: '测试券',
      type: c.type,
      value: c.value,
      threshold: c.threshold ?? 0,
      packageId: c.packageId ?? null,
      validDays: 30,
    })
    .returning();
  const [coupon] = await app.platform.db
    .insert(userCoupons)
    .values({
      tenantId: DEFAULT_TENANT_ID,
      userId: uid,
      templateId: template!.id,
      name: '测试券',
      description: '',
      type: c.type,
      value: c.value,
      threshold: c.threshold ?? 0,
      packageId: c.packageId ?? null,
      validFrom: new Date(c.validUntil.getTime() - 60 * 86400_000),
      validUntil: c.validUntil,
      source: 'test',
    })
    .returning();
  return coupon!.id;
};

export const api = async <T = unknown>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
) => {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const body = json<T>(res);
  return {
    status: res.statusCode,
    result: body.result,
    error: body.extras?.error as string | undefined,
    body,
  };
};
