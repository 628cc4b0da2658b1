import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/build-app.js';
import { createTestUser } from '../../../test/tokens.js';

interface BillPage {
  items: { id: number; currency: string }[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  nextCursor: number | null;
}

/** Bills paged by cursor (issue 26): no duplicates or gaps while rows arrive at the top, no count per request. */
describe('bills keyset paging /api/sysGoldPackageBill/page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
  });
  afterAll(async () => {
    await app.close();
  });

  /** `count` ledger rows of the user; each `tie` consecutive rows share one instant, to the microsecond. */
  const addRows = async (uid: number, count: number, start: string, tie = 1) => {
    await app.platform.db.execute(sql`
      insert into account_ledger (tenant_id, user_id, currency, amount, balance_after, reason, created_at)
      select 1, ${uid}, case when g % 3 = 0 then 'points' else 'gold' end, g, g, 'test',
             ${start}::timestamptz + ((g / ${tie}) * interval '1.000123 second')
      from generate_series(1, ${count}) g`);
  };
  const ids = async (uid: number, currency?: string) =>
    (
      (await app.platform.db.execute(
        sql`select id from account_ledger where user_id = ${uid} ${currency ? sql`and currency = ${currency}` : sql``}
            order by created_at desc, id desc`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);

  const page = async (auth: Record<string, string>, payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysGoldPackageBill/page',
      headers: auth,
      payload,
    });
    expect(res.statusCode).toBe(200);
    return json<BillPage>(res).result;
  };

  it('walks every row once by cursor while new rows arrive at the top', async () => {
    const user = await createTestUser(app);
    // Rows in threes at the same microsecond: the cursor's tie-break on id keeps them apart.
    await addRows(user.uid, 47, '2026-01-01T00:00:00.123456Z', 3);
    const before = await ids(user.uid);
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const result: BillPage = await page(user.auth, { pageSize: 10, ...(cursor ? { cursor } : {}) });
      seen.push(...result.items.map((i) => i.id));
      cursor = result.nextCursor;
      expect(result.hasMore).toBe(cursor !== null);
      pages++;
      // Newer rows land on top between pages: they do not push older ones into the next page.
      await addRows(user.uid, 2, `2026-06-0${pages}T00:00:00Z`);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(before);
  });

  it('keeps the filter (currency) across pages and answers total as the lower bound', async () => {
    const user = await createTestUser(app);
    await addRows(user.uid, 30, '2026-02-01T00:00:00Z');
    const points = await ids(user.uid, 'points');
    expect(points).toHaveLength(10);
    const first = await page(user.auth, { pageSize: 4, currency: 'points' });
    expect(first).toMatchObject({ total: 5, hasMore: true, page: 1, pageSize: 4 });
    const second = await page(user.auth, { pageSize: 4, currency: 'points', cursor: first.nextCursor });
    const third = await page(user.auth, { pageSize: 4, currency: 'points', cursor: second.nextCursor });
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...first.items, ...second.items, ...third.items].map((i) => i.id)).toEqual(points);
    expect(third.items.every((i) => i.currency === 'points')).toBe(true);
    // Page numbers still work as the spec's callers send them.
    const byNumber = await page(user.auth, { page: 3, pageSize: 4, currency: 'points' });
    expect(byNumber.items.map((i) => i.id)).toEqual(points.slice(8));
    expect(byNumber).toMatchObject({ total: 10, hasMore: false });
  });

  it("a cursor from another user's list shows nothing of that list", async () => {
    const owner = await createTestUser(app);
    const other = await createTestUser(app);
    await addRows(owner.uid, 5, '2026-03-01T00:00:00Z');
    await addRows(other.uid, 5, '2026-03-01T00:00:00Z');
    const [ownerNewest] = await ids(owner.uid);
    const result = await page(other.auth, { pageSize: 10, cursor: ownerNewest });
    const otherIds = await ids(other.uid);
    expect(result.items.every((i) => otherIds.includes(i.id))).toBe(true);
  });

  it('refuses a malformed cursor with a validation error', async () => {
    const user = await createTestUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysGoldPackageBill/page',
      headers: user.auth,
      payload: { cursor: 'abc' },
    });
    expect(res.statusCode).toBe(400);
  });
});
