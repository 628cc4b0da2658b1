import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';

interface DrawPage {
  items: { id: number }[];
  total: number;
  hasMore: boolean;
  nextCursor: number | null;
}

/** The works hall and my drawings by cursor (issue 26): no duplicates or gaps while works are published. */
describe('drawing lists keyset paging /api/aiDraw/page', () => {
  let app: TestApp;
  let author: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
    author = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** `count` succeeded drawings of the author, published in pairs at one instant when `published`. */
  const addDrawings = (count: number, start: string, published: boolean) =>
    app.platform.db.execute(sql`
      insert into ai_draw_task (tenant_id, user_id, prompt, style, ratio, count, seed, engine, offline, status,
                                likes, created_at, updated_at, published_at, title)
      select 1, ${author.uid}, 'p', 'none', '1:1', 1, 1, 'offline', true, 'succeeded', g % 4,
             ${start}::timestamptz + (g / 2) * interval '1.000001 second', now(),
             case when ${published} then ${start}::timestamptz + (g / 2) * interval '1.000001 second' end, 't'
      from generate_series(1, ${count}) g`);
  const walk = async (payload: Record<string, unknown>, between: () => Promise<unknown>) => {
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const res = await app.inject({
        method: 'POST',
        url: '/api/aiDraw/page',
        headers: author.auth,
        payload: { pageSize: 6, ...payload, ...(cursor ? { cursor } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const result: DrawPage = json<DrawPage>(res).result;
      seen.push(...result.items.map((i) => i.id));
      cursor = result.nextCursor;
      await between();
    } while (cursor);
    return seen;
  };

  it('walks the hall, newest and hottest, and my drawings without duplicates or gaps', async () => {
    await addDrawings(25, '2026-01-01T00:00:00Z', true);
    await addDrawings(8, '2026-01-02T00:00:00Z', false);
    const ids = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query)).map((r) => r.id);
    let day = 10;
    const publishMore = () => addDrawings(2, `2026-02-${day++}T00:00:00Z`, true);
    // Works published while the hall is paged land above the cursor: the walk shows each earlier work once.
    const newest = await ids(sql`
      select id from ai_draw_task where published_at is not null order by published_at desc, id desc`);
    expect(await walk({ scope: 'hall', sort: 'newest' }, publishMore)).toEqual(newest);
    const hottest = await ids(sql`
      select id from ai_draw_task where published_at is not null order by likes desc, published_at desc, id desc`);
    expect(await walk({ scope: 'hall', sort: 'hottest' }, async () => undefined)).toEqual(hottest);
    const mine = await ids(sql`
      select id from ai_draw_task where user_id = ${author.uid} order by created_at desc, id desc`);
    expect(await walk({ scope: 'mine' }, publishMore)).toEqual(mine);
  });
});
