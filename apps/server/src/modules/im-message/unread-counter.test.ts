import { imNoticeTypes } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';

interface MessagePage {
  items: { id: number; type: string; checked: boolean }[];
  total: number;
  hasMore: boolean;
  nextCursor: number | null;
  unread: number;
}

/**
 * The message centre without counting (issue 26): unread counts come from counters the im_message triggers keep
 * in the same transaction, and pages go by cursor.
 */
describe('message centre unread counters and keyset paging', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
  });
  afterAll(async () => {
    await app.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The unread notices of the user by type, counted directly. */
  const directUnread = async (uid: number) => {
    const counted = await rows<{ type: string; n: number }>(sql`
      select type, count(*)::int as n from im_message
      where user_id = ${uid} and checked = false and type in (${sql.join(
        imNoticeTypes.map((t) => sql`${t}`),
        sql`, `,
      )})
      group by type`);
    const byType = Object.fromEntries(imNoticeTypes.map((t) => [t, 0]));
    for (const r of counted) byType[r.type] = r.n;
    return { unread: Object.values(byType).reduce((a, b) => a + b, 0), byType };
  };
  const unreadCount = async (auth: Record<string, string>) =>
    json<{ unread: number; byType: Record<string, number> }>(
      await app.inject({ method: 'GET', url: '/api/sysIMMessage/unreadCount', headers: auth }),
    ).result;
  const page = async (auth: Record<string, string>, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/api/sysIMMessage/page', headers: auth, payload });
    expect(res.statusCode).toBe(200);
    return json<MessagePage>(res).result;
  };
  const markRead = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/sysIMMessage/read', headers: auth, payload });
  /** Notices written straight into the table, as an operator's SQL or a bulk load would. */
  const insertNotices = (uid: number, count: number, start: string) =>
    app.platform.db.execute(sql`
      insert into im_message (tenant_id, user_id, type, title, content, checked, receive_time)
      select 1, ${uid}, (array['comment','like','system','job'])[1 + g % 4], 't' || g, '', g % 5 = 0,
             ${start}::timestamptz + ((g / 2) * interval '1.000007 second')
      from generate_series(1, ${count}) g`);

  it('keeps unread counts equal to a direct count through writes, reads and mark-all-read', async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    const expectCountsRight = async () => {
      const direct = await directUnread(user.uid);
      expect(await unreadCount(user.auth)).toEqual(direct);
      expect((await page(user.auth, { pageSize: 5 })).unread).toBe(direct.unread);
    };
    await expectCountsRight();
    await insertNotices(user.uid, 40, '2026-01-01T00:00:00Z');
    await insertNotices(other.uid, 7, '2026-01-01T00:00:00Z');
    for (const type of ['comment', 'like', 'real_name'] as const)
      await app.platform.notify(1, user.uid, { type, title: type, content: '' });
    // A conversation line (stored read, type chat) counts nowhere.
    await app.platform.db.execute(sql`
      insert into im_message (tenant_id, user_id, type, content, checked, receive_time, peer_id, sender_id)
      values (1, ${user.uid}, 'chat', 'hi', true, now(), 999, ${user.uid})`);
    await expectCountsRight();
    expect((await directUnread(user.uid)).unread).toBeGreaterThan(30);

    const somePage = await page(user.auth, { pageSize: 6, checked: false });
    expect((await markRead(user.auth, { ids: somePage.items.map((i) => i.id) })).statusCode).toBe(200);
    // Marking the same ones again changes nothing.
    await markRead(user.auth, { ids: somePage.items.map((i) => i.id) });
    await expectCountsRight();

    // A plain SQL update and delete are counted too.
    await app.platform.db.execute(
      sql`update im_message set checked = false where user_id = ${user.uid} and type = 'system'`,
    );
    await app.platform.db.execute(sql`delete from im_message where user_id = ${user.uid} and type = 'job'`);
    await expectCountsRight();

    expect((await markRead(user.auth, { all: true })).statusCode).toBe(200);
    await expectCountsRight();
    expect((await unreadCount(user.auth)).unread).toBe(0);
    expect((await unreadCount(other.auth)).unread).toBe((await directUnread(other.uid)).unread);
    expect((await directUnread(other.uid)).unread).toBeGreaterThan(0);
  });

  it('pages the message centre by cursor without duplicates or gaps while notices arrive', async () => {
    const user = await createTestUser(app);
    await insertNotices(user.uid, 33, '2026-02-01T00:00:00.000001Z');
    const expected = (
      await rows<{ id: number }>(sql`
        select id from im_message where user_id = ${user.uid} order by receive_time desc, id desc`)
    ).map((r) => r.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    let n = 0;
    do {
      const result: MessagePage = await page(user.auth, { pageSize: 7, ...(cursor ? { cursor } : {}) });
      seen.push(...result.items.map((i) => i.id));
      cursor = result.nextCursor;
      n++;
      await app.platform.notify(1, user.uid, { type: 'like', title: `new ${n}`, content: '' });
    } while (cursor);
    expect(seen).toEqual(expected);

    // One type: the same continuity through the (tenant, user, type, time, id) index.
    const likes = (
      await rows<{ id: number }>(sql`
        select id from im_message where user_id = ${user.uid} and type = 'like'
        order by receive_time desc, id desc`)
    ).map((r) => r.id);
    const first = await page(user.auth, { pageSize: 4, types: ['like'] });
    const rest: number[] = [];
    cursor = first.nextCursor;
    while (cursor) {
      const result: MessagePage = await page(user.auth, { pageSize: 4, types: ['like'], cursor });
      rest.push(...result.items.map((i) => i.id));
      cursor = result.nextCursor;
    }
    expect([...first.items.map((i) => i.id), ...rest]).toEqual(likes);
  });
});
