import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { users } from '../identity/identity.table.js';
import { mapPage, paged } from './paged.js';

describe('paged', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await app.platform.db
      .insert(users)
      .values(
        Array.from({ length: 7 }, (_, i) => ({ tenantId: 1, account: `paged-${i}`, nickName: `n${i}` })),
      );
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (p: { page: number; pageSize: number }) => {
    const { db } = app.platform;
    const where = and(eq(users.tenantId, 1), like(users.account, 'paged-%'));
    return paged(
      p,
      db.select({ account: users.account }).from(users).where(where).orderBy(asc(users.account)),
      db.select({ total: count() }).from(users).where(where),
    );
  };

  it('cuts the requested page and counts every matching row', async () => {
    expect(await page({ page: 2, pageSize: 3 })).toEqual({
      items: [{ account: 'paged-3' }, { account: 'paged-4' }, { account: 'paged-5' }],
      total: 7,
      page: 2,
      pageSize: 3,
    });
    expect(await page({ page: 3, pageSize: 3 })).toMatchObject({ items: [{ account: 'paged-6' }], total: 7 });
    expect(await page({ page: 4, pageSize: 3 })).toMatchObject({ items: [], total: 7, page: 4 });
  });

  it('maps the items and keeps the page', async () => {
    const mapped = await mapPage(await page({ page: 1, pageSize: 2 }), (rows) => rows.map((r) => r.account));
    expect(mapped).toEqual({ items: ['paged-0', 'paged-1'], total: 7, page: 1, pageSize: 2 });
  });
});
