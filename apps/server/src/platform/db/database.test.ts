import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { seedDatabase } from '../../seed.js';
import { tenants } from './tenant.table.js';
import { users } from '../identity/identity.table.js';
import { ledger } from '../wallet/wallet.table.js';
import { commonInfo } from '../../schema.js';

describe('database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('applies every migration on an empty database', async () => {
    const { db, kind } = app.platform.database;
    expect(kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    const result = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining(['tenant', 'app_user', 'user_session', 'account_ledger', 'common_info']),
    );
  });

  it('seeds demo accounts with their balances written through the ledger', async () => {
    const { db } = app.platform;
    const [demo] = await db.select().from(users).where(eq(users.phone, '13800000000'));
    expect(demo).toMatchObject({ gold: 120000, points: 1000, vipLevel: 0 });
    const rows = await db.select().from(ledger).where(eq(ledger.userId, demo!.id));
    expect(rows.map((r) => [r.currency, r.amount, r.balanceAfter]).sort()).toEqual([
      ['gold', 120000, 120000],
      ['points', 1000, 1000],
    ]);
    const [vip] = await db.select().from(users).where(eq(users.phone, '13800000001'));
    expect(vip!.vipLevel).toBeGreaterThan(0);
    expect(vip!.vipExpireAt!.getTime()).toBeGreaterThan(Date.now());
    const [admin] = await db.select().from(users).where(eq(users.account, 'admin'));
    expect(admin!.roles).toEqual(['admin']);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('the seed is idempotent: a second run adds nothing', async () => {
    const { db } = app.platform;
    const countAll = async () => ({
      users: (await db.select({ n: count() }).from(users))[0]!.n,
      ledger: (await db.select({ n: count() }).from(ledger))[0]!.n,
      info: (await db.select({ n: count() }).from(commonInfo))[0]!.n,
      tenants: (await db.select({ n: count() }).from(tenants))[0]!.n,
    });
    const before = await countAll();
    await seedDatabase(db, { adminPassword: 'admin123456', demo: true, now: new Date() });
    await seedDatabase(db, { adminPassword: 'admin123456', demo: true, now: new Date() });
    expect(await countAll()).toEqual(before);
  });

  it('tenant isolation: a row of tenant A is invisible to tenant B', async () => {
    const { db } = app.platform;
    await db.insert(tenants).values({ id: 2, name: 'B' }).onConflictDoNothing();
    await db.insert(commonInfo).values({ tenantId: 2, categoryId: 1, title: '租户B的横幅', sort: 0 });
    const page = async (tenant: string) =>
      json<{ items: { title: string }[] }>(
        await app.inject({
          method: 'POST',
          url: '/api/sysCommonInfo/page',
          headers: { TenantId: tenant },
          payload: { categoryId: 1 },
        }),
      ).result.items.map((i) => i.title);
    expect(await page('2')).toEqual(['租户B的横幅']);
    expect(await page('1')).not.toContain('租户B的横幅');
    // No header means the default tenant.
    const defaultTitles = json<{ items: { title: string }[] }>(
      await app.inject({ method: 'POST', url: '/api/sysCommonInfo/page', payload: { categoryId: 1 } }),
    ).result.items.map((i) => i.title);
    expect(defaultTitles).toEqual(await page('1'));
    // A tenant that does not exist is refused with a clear 400, never a 500 on insert.
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { TenantId: '999' },
      payload: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).extras?.error).toBe('tenant_not_found');
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { TenantId: 'abc' },
      payload: {},
    });
    expect(garbage.statusCode).toBe(400);
    const [stillThere] = await db
      .select()
      .from(commonInfo)
      .where(and(eq(commonInfo.tenantId, 2)));
    expect(stillThere?.title).toBe('租户B的横幅');
  });
});
