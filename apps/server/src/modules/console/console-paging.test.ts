import { eq, sql } from 'drizzle-orm';
import { CONSOLE_COUNT_CAP, DEFAULT_TENANT_ID } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { passwordLogin } from '../../test/auth.js';
import { api, packageId } from '../../test/commerce.js';
import { auditLog, payOrders, users } from '../../schema.js';

type Page<T> = {
  items: T[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  nextCursor: string | null;
};
type Row = { id: number };

const T = DEFAULT_TENANT_ID;

describe('console tables at volume: keyset paging, estimated totals, user search', () => {
  let app: TestApp;
  let admin: string;
  let uid: number;
  let pkg: number;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp();
    admin = json<{ accessToken: string }>(await passwordLogin(app, 'admin', 'admin123456')).result
      .accessToken;
    pkg = await packageId(app, 'vip_month');
    const [user] = await app.platform.db
      .insert(users)
      .values({
        tenantId: T,
        account: `paging_${process.pid}`,
        phone: '13912345678',
        nickName: 'Paging 测试员',
      })
      .returning({ id: users.id });
    uid = user!.id;
  });
  afterAll(() => app.close());

  const page = <T>(path: string, body: unknown) => api<Page<T>>(app, 'POST', path, admin, body);

  /** Audit rows `count` at a time; several share one created_at so that the id alone breaks the tie. */
  const addAudit = async (count: number, at: Date) => {
    const rows = Array.from({ length: count }, () => {
      seq += 1;
      return {
        tenantId: T,
        operatorId: uid,
        action: 'paging.test',
        targetType: 'user',
        targetId: String(seq),
        createdAt: at,
      };
    });
    return (await app.platform.db.insert(auditLog).values(rows).returning({ id: auditLog.id })).map(
      (r) => r.id,
    );
  };
  const addOrders = async (count: number, at: Date, state: 'paid' | 'pending' = 'paid') => {
    const rows = Array.from({ length: count }, () => {
      seq += 1;
      return {
        tenantId: T,
        orderNo: `PG${process.pid}x${seq}`,
        userId: uid,
        packageId: pkg,
        packageName: 'p',
        gold: 1,
        vipDays: 0,
        vipLevel: 0,
        payMethod: 1,
        state,
        originalFen: 100,
        discountFen: 0,
        amountFen: 100,
        expiresAt: at,
        paidAt: state === 'paid' ? at : null,
        createdAt: at,
      };
    });
    return (await app.platform.db.insert(payOrders).values(rows).returning({ id: payOrders.id })).map(
      (r) => r.id,
    );
  };

  /**
   * Walks a table page by page with the cursor, calling `between` after each page (to insert rows), and
   * answers the ids in the order seen.
   */
  const walk = async (path: string, body: Record<string, unknown>, between: () => Promise<unknown>) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pageNo = 1;
    for (;;) {
      const res: { status: number; result: Page<Row> } = await page<Row>(path, {
        ...body,
        page: pageNo,
        pageSize: 7,
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status).toBe(200);
      seen.push(...res.result.items.map((i) => i.id));
      cursor = res.result.nextCursor;
      if (!cursor) return seen;
      pageNo += 1;
      await between();
    }
  };

  it('audit log: newest first by cursor, no duplicate and no gap while rows arrive, ties broken by id', async () => {
    const base = new Date('2026-02-01T00:00:00.000Z');
    const ids = [
      ...(await addAudit(10, base)),
      ...(await addAudit(12, new Date(base.getTime() + 1000))),
      ...(await addAudit(9, new Date(base.getTime() + 2000))),
    ];
    const filters = { action: 'paging.test' };
    const expected = [...ids].sort((a, b) => b - a); // same time: higher id first; later time: newer first
    const newer: number[] = [];
    const seen = await walk('/api/console/audit/page', { filters }, async () =>
      newer.push(...(await addAudit(3, new Date()))),
    );
    // Rows that arrived at the top while paging are not on the later pages; everything else once, in order.
    expect(seen).toEqual(expected);
    expect(seen.some((id) => newer.includes(id))).toBe(false);

    // Oldest first: rows arriving at the end are reached too, still once each.
    const ascending = await walk('/api/console/audit/page', { filters, sortOrder: 'asc' }, async () =>
      addAudit(2, new Date(Date.now() + 60_000)),
    );
    expect(new Set(ascending).size).toBe(ascending.length);
    expect(ascending.slice(0, ids.length)).toEqual([...ids].sort((a, b) => a - b));
    const all = await app.platform.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'paging.test'));
    expect([...ascending].sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
  });

  it('orders: the cursor keeps filters and ties; a page number alone works up to the offset cap', async () => {
    const at = new Date('2026-02-02T00:00:00.000Z');
    const paid = [...(await addOrders(11, at)), ...(await addOrders(8, new Date(at.getTime() + 5)))];
    await addOrders(4, at, 'pending');
    const filters = { userId: uid, state: 'paid' };
    const seen = await walk('/api/console/orders/page', { filters }, () => addOrders(2, new Date()));
    const newest = (await page<Row>('/api/console/orders/page', { filters, pageSize: 100 })).result.items.map(
      (i) => i.id,
    );
    expect(new Set(seen).size).toBe(seen.length);
    // Every order that existed when paging began, newest first, none of the pending ones.
    expect(seen.filter((id) => paid.includes(id))).toEqual([...paid].sort((a, b) => b - a));
    expect(seen.every((id) => newest.includes(id))).toBe(true);

    const second = await page<Row>('/api/console/orders/page', { filters, page: 2, pageSize: 7 });
    expect(second.result).toMatchObject({ page: 2, pageSize: 7, totalExact: true, total: newest.length });
    expect(second.result.items.map((i) => i.id)).toEqual(newest.slice(7, 14));

    const deep = await page<Row>('/api/console/orders/page', { page: 600, pageSize: 20 });
    expect(deep.status).toBe(400);
    expect(deep.error).toBe('console_page_too_deep');
    const zh = deep.body.message as string;
    expect(zh).toContain('10000');
    const bad = await page<Row>('/api/console/orders/page', { cursor: 'abc' });
    expect(bad.status).toBe(400);
  });

  it('a total past the cap is an estimate, not a count of the whole table', async () => {
    await app.platform.db.execute(sql`
      INSERT INTO audit_log (tenant_id, operator_id, action, target_type, target_id)
      SELECT ${T}, ${uid}, 'paging.bulk', 'user', g::text FROM generate_series(1, ${CONSOLE_COUNT_CAP + 50}) g`);
    const filtered = await page<Row>('/api/console/audit/page', { filters: { action: 'paging.bulk' } });
    expect(filtered.result).toMatchObject({ totalExact: false, total: CONSOLE_COUNT_CAP + 1 });
    await app.platform.db.execute(sql`ANALYZE audit_log`);
    const all = await page<Row>('/api/console/audit/page', {});
    expect(all.result.totalExact).toBe(false);
    // The planner's estimate of the table's size after ANALYZE (every row here is the one tenant's).
    expect(all.result.total).toBeGreaterThan(CONSOLE_COUNT_CAP + 50);
    expect(all.result.items).toHaveLength(20);
  });

  it('user search: a whole phone, account or id by the unique index; nickname fragments by trigram', async () => {
    type User = { id: number; nickName: string; phone?: string | null };
    const search = (keyword: string) => page<User>('/api/console/users/page', { filters: { keyword } });
    // Someone whose nickname contains the other user's phone number is not what an exact phone finds.
    await app.platform.db
      .insert(users)
      .values({ tenantId: T, account: `paging_nick_${process.pid}`, nickName: '粉丝13912345678号' });

    const byPhone = await search('13912345678');
    expect(byPhone.result.items.map((u) => u.id)).toEqual([uid]);
    expect(byPhone.result).toMatchObject({ total: 1, totalExact: true, nextCursor: null });
    expect((await search(`paging_${process.pid}`)).result.items.map((u) => u.id)).toEqual([uid]);
    expect((await search(String(uid))).result.items.map((u) => u.id)).toEqual([uid]);

    // Fragments: Latin (any case) and Chinese, inside the name.
    expect((await search('aging')).result.items.map((u) => u.id)).toContain(uid);
    expect((await search('PAGING')).result.items.map((u) => u.id)).toContain(uid);
    expect((await search('测试')).result.items.map((u) => u.id)).toEqual([uid]);
    expect((await search('粉丝1391')).result.items.map((u) => u.nickName)).toEqual(['粉丝13912345678号']);
    // LIKE's wildcards are literal.
    expect((await search('a%g')).result.items).toEqual([]);

    const short = await search('测');
    expect(short.status).toBe(400);
    expect(short.error).toBe('console_keyword_too_short');
  });

  it('users: the unfiltered list pages by cursor, newest first, without duplicates', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pageNo = 1; pageNo < 50; pageNo += 1) {
      const res: { result: Page<Row> } = await page<Row>('/api/console/users/page', {
        page: pageNo,
        pageSize: 5,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...res.result.items.map((i) => i.id));
      cursor = res.result.nextCursor;
      if (!cursor) break;
      await app.platform.db
        .insert(users)
        .values({ tenantId: T, account: `paging_new_${process.pid}_${pageNo}` });
    }
    expect(new Set(seen).size).toBe(seen.length);
    const [{ n }] = (
      (await app.platform.db.execute(
        sql`SELECT count(*)::int AS n FROM app_user WHERE tenant_id = ${T} AND deleted_at IS NULL AND account NOT LIKE 'paging\\_new\\_%'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(seen.length).toBe(n);
  });
});
